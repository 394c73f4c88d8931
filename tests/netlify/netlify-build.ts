import { cp, mkdir, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import buildSite from '@netlify/build';

const ROOT = new URL('../../', import.meta.url).pathname;

/** What a Netlify checkout of this repository holds that the build reads; node_modules is linked, not installed. */
const CHECKOUT = [
  'astro.config.mjs',
  'netlify.toml',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'netlify',
  'public',
  'src',
];

/** A fresh checkout in `dir`, as each Netlify build starts from: nothing of a previous build is left in it. */
export async function freshCheckout(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  for (const entry of CHECKOUT) await cp(join(ROOT, entry), join(dir, entry), { recursive: true });
  await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
}

export interface NetlifyBuild {
  success: boolean;
  ms: number;
  /** Everything the build printed (its own steps, the plugin, the build command), without colours. */
  log: string;
}

/**
 * Runs Netlify's build runner (@netlify/build) offline on a checkout, as Netlify's build bot does: netlify.toml's
 * plugins, build command and function bundling. `cacheDir` is Netlify's build cache (kept between builds there).
 */
export async function netlifyBuild(
  dir: string,
  cacheDir: string,
  env: Record<string, string>,
): Promise<NetlifyBuild> {
  const started = performance.now();
  // cacheDir is a flag of the build runner (the build bot points it outside the checkout) that its types leave out.
  const flags = {
    cwd: dir,
    cacheDir,
    offline: true,
    mode: 'buildbot' as const,
    context: 'production',
    telemetry: false,
    buffer: true,
    env,
  };
  const result = await buildSite(flags);
  const ms = performance.now() - started;
  const logs = result.logs as { stdout?: string[]; stderr?: string[] } | undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes
  const plain = (lines: string[] = []) => lines.join('\n').replace(/\u001b\[[0-9;]*m/g, '');
  return { success: result.success, ms, log: `${plain(logs?.stdout)}\n${plain(logs?.stderr)}` };
}
