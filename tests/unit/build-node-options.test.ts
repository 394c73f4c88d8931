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

describe('the Node options of the site builds', () => {
  it('npm run build gives Astro a larger young generation, keeping the NODE_OPTIONS of its caller', () => {
    expect(nodeOptions(scripts.build)).toBe('--max-semi-space-size=64');
  });

  it('the local server and the bench build with the same options as npm run build', () => {
    // The bench times builds in its own process and npm run build in a child that inherits its environment.
    expect(nodeOptions(scripts.start)).toBe(nodeOptions(scripts.build));
    expect(nodeOptions(scripts.bench)).toBe(nodeOptions(scripts.build));
  });
});
