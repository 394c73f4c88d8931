/**
 * The browse map's own code, gzipped: what opening the map loads on top of browse's first load. That
 * is the map chunk (ResultsMap: supercluster and the map island), what it imports that the page has not loaded
 * (Leaflet) and the style sheets it links (Leaflet's and the markers'). Browse's first load itself is in `js`.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipBytes, KB, measurePageJs, moduleImports } from './js';
import { benchSite } from './site';
import { type BenchRow, type BenchSection, info } from './types';

const SECTION = 'map';
const kb = (bytes: number) => Math.round((bytes / KB) * 10) / 10;

/** Gzipped bytes of the map chunk and everything it adds to a page that loaded `eager`, by file. */
export async function measureMapChunk(siteDir: string, eager: ReadonlySet<string>) {
  const read = (path: string) => readFile(join(siteDir, path), 'utf8');
  const app = (await readFile(join(siteDir, 'browse.html'), 'utf8')).match(
    /\/_astro\/BrowseApp\.[\w-]+\.js/,
  )?.[0];
  if (!app) throw new Error('browse.html has no BrowseApp island');
  const entry = moduleImports(await read(app)).dynamic.find((d) => d.includes('ResultsMap'));
  if (!entry) throw new Error('BrowseApp does not import ResultsMap on demand');
  const files = new Map<string, number>();
  const queue = [new URL(entry, `http://site${app}`).pathname];
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (files.has(path) || eager.has(path)) continue;
    const code = await read(path);
    files.set(path, gzipBytes(code));
    queue.push(...moduleImports(code).static.map((s) => new URL(s, `http://site${path}`).pathname));
    // Style sheets the map links when it opens (src/islands/map/leaflet-setup.ts).
    for (const css of code.match(/\/_astro\/[\w.-]+\.css/g) ?? [])
      if (!files.has(css)) files.set(css, gzipBytes(await read(css)));
  }
  return [...files]
    .map(([name, gzip]) => ({ name: name.replace(/^\/_astro\//, ''), gzip }))
    .sort((a, b) => b.gzip - a.gzip);
}

const section: BenchSection = {
  name: SECTION,
  async run(): Promise<BenchRow[]> {
    const site = await benchSite(1000);
    const page = await measurePageJs(site.siteDir, 'browse.html');
    const eager = new Set(page.files.map((f) => `/_astro/${f.name}`));
    const files = await measureMapChunk(site.siteDir, eager);
    const total = files.reduce((sum, f) => sum + f.gzip, 0);
    const note = files.map((f) => `${f.name} ${kb(f.gzip)}`).join(' + ');
    return [info(SECTION, 'map chunk (loaded when the map opens)', kb(total), 'KB', `gzipped: ${note}`)];
  },
};

export default section;
