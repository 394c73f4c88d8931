import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'astro';

const ROOT = new URL('../../', import.meta.url).pathname;

/** Builds the static site in this process (so it shares the embedded database) into outDir; returns its page count. */
export async function buildSite(outDir = join(ROOT, 'dist')): Promise<number> {
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
  await build({ root: ROOT, outDir, logLevel: 'warn' });
  return countPages(outDir);
}

/** HTML pages in a built site. */
export async function countPages(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((e) => e.endsWith('.html')).length;
}
