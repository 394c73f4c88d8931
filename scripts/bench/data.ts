/**
 * HTML and data weight: the listings file the browse island fetches (gzipped, per listing) and the largest landing
 * page's HTML (gzipped), at 1,000 and 10,000 listings.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TYPE_ROUTES } from '../../src/domain/lists';
import { gzipBytes, KB } from './js';
import { benchSite } from './site';
import { atMost, type BenchRow, type BenchSection, info } from './types';

const SECTION = 'data';
export const SIZES = [1000, 10_000];
/** The file the browse island fetches (src/islands/data.ts LISTINGS_URL). */
export const LISTINGS_FILE = 'data/listings.json';

/** Landing pages (D11): home, every state page and every type route. */
export async function landingPages(siteDir: string): Promise<string[]> {
  const top = await readdir(siteDir);
  const states = top.filter((f) => /^glamping-[a-z-]+\.html$/.test(f));
  return ['index.html', ...states, ...TYPE_ROUTES.map((r) => `${r.path}.html`)].filter((f) =>
    top.includes(f),
  );
}

const n = (count: number) => count.toLocaleString('en-US');
const kb = (bytes: number) => Math.round((bytes / KB) * 10) / 10;

const section: BenchSection = {
  name: SECTION,
  async run(): Promise<BenchRow[]> {
    const rows: BenchRow[] = [];
    for (const size of SIZES) {
      const site = await benchSite(size);
      const json = await readFile(join(site.siteDir, LISTINGS_FILE));
      const gz = gzipBytes(json);
      rows.push(
        info(SECTION, `${LISTINGS_FILE} @${n(size)}`, kb(gz), 'KB', `gzipped; ${kb(json.length)} KB raw`),
        atMost(
          SECTION,
          `listings data per listing @${n(size)}`,
          Math.round((gz / size) * 10) / 10,
          'B',
          60,
          `gzipped; ${Math.round((json.length / size) * 10) / 10} B raw`,
        ),
      );
      const pages = await landingPages(site.siteDir);
      let largest = { file: '', gz: 0, raw: 0 };
      for (const file of pages) {
        const html = await readFile(join(site.siteDir, file));
        const size = gzipBytes(html);
        if (size > largest.gz) largest = { file, gz: size, raw: html.length };
      }
      rows.push(
        atMost(
          SECTION,
          `largest landing page HTML @${n(size)}`,
          kb(largest.gz),
          'KB',
          60,
          `/${largest.file.replace(/(index)?\.html$/, '')} of ${pages.length} (${kb(largest.raw)} KB raw)`,
        ),
      );
      const browse = await readFile(join(site.siteDir, 'browse.html'));
      rows.push(info(SECTION, `/browse HTML @${n(size)}`, kb(gzipBytes(browse)), 'KB', 'gzipped'));
    }
    return rows;
  },
};

export default section;
