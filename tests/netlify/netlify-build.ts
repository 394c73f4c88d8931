import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, rm, symlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import buildSite from '@netlify/build';

const ROOT = new URL('../../', import.meta.url).pathname;
const run = promisify(execFile);

/**
 * A fresh checkout in `dir`, as each Netlify build starts from: the files git has (tracked, and new ones it does not
 * ignore, so uncommitted work is tested too), nothing of a previous build; node_modules is linked, not installed.
 */
export async function freshCheckout(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  const { stdout } = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
  const files = stdout.split('\0').filter((f) => f && existsSync(join(ROOT, f)));
  for (const file of files) {
    await mkdir(dirname(join(dir, file)), { recursive: true });
    await cp(join(ROOT, file), join(dir, file));
  }
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
