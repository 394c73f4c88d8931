import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const scripts = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

/** The NODE_OPTIONS a script sets before its command, the caller's own appended. */
const nodeOptions = (script: string | undefined) =>
  /NODE_OPTIONS="([^"]*) \$\{NODE_OPTIONS:-\}"/.exec(script ?? '')?.[1];

/** The folder of Node's module compile cache a script sets, unless its caller set one. */
const compileCache = (script: string | undefined) =>
  /NODE_COMPILE_CACHE=\$\{NODE_COMPILE_CACHE:-([^}]+)\}/.exec(script ?? '')?.[1];

describe('the Node options of the site builds', () => {
  it('npm run build gives Astro a larger young generation, keeping the NODE_OPTIONS of its caller', () => {
    expect(nodeOptions(scripts.build)).toBe('--max-semi-space-size=64');
  });

  it('npm run build keeps the compiled code of the modules it loads in the project, where Netlify carries it', () => {
    // netlify/plugins/build-cache restores and saves the folder its manifest names.
    const manifest = readFileSync(
      new URL('../../netlify/plugins/build-cache/manifest.yml', import.meta.url),
      'utf8',
    );
    const carried = /name: compileCache\n(?:\s+description:.*\n)?\s+default: (\S+)/.exec(manifest)?.[1];
    expect(compileCache(scripts.build)).toBe('.cache/node-compile');
    expect(carried).toBe(compileCache(scripts.build));
  });

  it('the local server and the bench build with the same options as npm run build', () => {
    // The bench times builds in its own process and npm run build in a child that inherits its environment.
    for (const script of [scripts.start, scripts.bench]) {
      expect(nodeOptions(script)).toBe(nodeOptions(scripts.build));
      expect(compileCache(script)).toBe(compileCache(scripts.build));
    }
  });
});
