import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'astro';

const ROOT = new URL('../../', import.meta.url).pathname;

/**
 * Builds the static site in this process (so it shares the embedded database) into outDir; returns its page count.
 * A separate cacheDir keeps the listings snapshot (and its sync watermark) of one site apart from another's.
 */
export async function buildSite(
  outDir = join(ROOT, 'dist'),
  options: { cacheDir?: string } = {},
): Promise<number> {
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
  process.env.LOCAL_SITE_BUILD = '1';
  await build({
    root: ROOT,
    outDir,
    logLevel: 'warn',
    ...(options.cacheDir ? { cacheDir: options.cacheDir } : {}),
  });
  return countPages(outDir);
}

/** HTML pages in a built site. */
export async function countPages(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((e) => e.endsWith('.html')).length;
}
