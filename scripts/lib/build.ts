import { cp, mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { type AstroInlineConfig, build } from 'astro';

const ROOT = new URL('../../', import.meta.url).pathname;
/** What a build's server code reads from the environment as import.meta.env, and NODE_ENV. */
const VITE_ENV = ['NODE_ENV', 'DEV', 'PROD', 'SSR', 'MODE', 'BASE_URL'];

/**
 * Builds the static site in this process (so it shares the embedded database) into outDir; returns its page count.
 * A separate cacheDir keeps the listings snapshot (and its sync watermark) of one site apart from another's.
 */
export async function buildSite(
  outDir = join(ROOT, 'dist'),
  options: {
    cacheDir?: string /** More Astro settings (the bench's timing logger). */;
    inline?: AstroInlineConfig;
  } = {},
): Promise<number> {
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
  process.env.LOCAL_SITE_BUILD = '1';
  // Astro writes a build's server code into outDir when outDir is under the working directory, else into the one
  // shared .astro/ folder, where two builds from this work tree at once (a test run and npm start) break each other.
  // A build for a folder elsewhere therefore happens in a folder of its own under .data/, then moves.
  const inside = resolve(outDir).startsWith(process.cwd() + sep);
  const staging = inside ? outDir : await stagingDir();
  // A production build whoever calls it: under vitest NODE_ENV is 'test', which would bundle React's development
  // build into the pages the browser tests check; and vitest sets DEV=1 (with MODE, PROD, SSR, BASE_URL) in the
  // environment, which the built server code reads as import.meta.env at run time: the pages would take the dev
  // server's paths (src/data/snapshot.ts re-reads the listings for every page there).
  const saved = Object.fromEntries(VITE_ENV.map((name) => [name, process.env[name]]));
  for (const name of VITE_ENV) delete process.env[name];
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: ROOT,
      outDir: staging,
      logLevel: 'warn',
      ...(options.cacheDir ? { cacheDir: options.cacheDir } : {}),
      ...options.inline,
    });
    if (!inside) await move(staging, outDir);
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    if (!inside) await rm(staging, { recursive: true, force: true });
  }
  return countPages(outDir);
}

async function stagingDir(): Promise<string> {
  const parent = resolve('.data', 'site-builds');
  await mkdir(parent, { recursive: true });
  return mkdtemp(join(parent, 'build-'));
}

async function move(from: string, to: string): Promise<void> {
  await rm(to, { recursive: true, force: true });
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as { code?: string }).code !== 'EXDEV') throw error;
    await cp(from, to, { recursive: true });
  }
}

/** HTML pages in a built site. */
export async function countPages(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((e) => e.endsWith('.html')).length;
}
