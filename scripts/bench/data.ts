/**
 * HTML and data weight: the listings files the browse island fetches (src/domain/browse-files.ts: the whole set in
 * parts, gzipped, per listing; the first part; the largest state and type files) and the largest landing page's
 * HTML (gzipped), at 1,000 and 10,000 listings (BENCH_LISTINGS=1000: at 1,000 only, as the reference sections). What
 * the ratings add to the listings files is its own row: budget 3 B gzipped per listing (docs/reviews.md).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type BrowseFile, browseFileUrl } from '../../src/domain/browse-files';
import { allBrowseFiles } from '../../src/domain/browse-parts';
import { TYPE_ROUTES } from '../../src/domain/lists';
import { generateSampleListings } from '../lib/sample/generate';
import { gzipBytes, KB } from './js';
import { benchSite, REFERENCE_LISTINGS } from './site';
import { atMost, type BenchRow, type BenchSection, info } from './types';

const SECTION = 'data';
export const SIZES = [...new Set([1000, REFERENCE_LISTINGS])];
/** The most the listings' ratings may add to the listings files, gzipped, per listing (docs/reviews.md). */
const RATINGS_MAX_B = 3;
/** Where the build writes the listings files the browse island fetches. */
export const LISTINGS_FILES = 'data/browse';

/** Gzipped and raw bytes of each listings file of a built site, by kind. */
async function listingsFiles(siteDir: string, listings: number) {
  const sizes = await Promise.all(
    allBrowseFiles(listings).map(async (file) => {
      const json = await readFile(join(siteDir, browseFileUrl(file)));
      // The same file without its reviews column: what the ratings add (docs/reviews.md, budget 3 B per listing).
      const { rating: _, ...unrated } = JSON.parse(json.toString('utf8')) as { rating?: number[] };
      const gz = gzipBytes(json);
      return { file, gz, raw: json.length, ratingsGz: gz - gzipBytes(Buffer.from(JSON.stringify(unrated))) };
    }),
  );
  const of = (kind: BrowseFile['kind']) => sizes.filter((s) => s.file.kind === kind);
  const largest = (kind: BrowseFile['kind']) => of(kind).sort((a, b) => b.gz - a.gz)[0]!;
  return { parts: of('part'), largestState: largest('state'), largestType: largest('type') };
}

const fileName = (file: BrowseFile) => browseFileUrl(file).replace(/^\/data\/browse\//, '');

/** The row of the largest browse file of a kind (state, type) at a data size. */
const largestFile = (kind: string, largest: { file: BrowseFile; gz: number }, size: number) =>
  info(SECTION, `largest ${kind} file @${n(size)}`, kb(largest.gz), 'KB', fileName(largest.file));

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

/** The sample generator at 10,000 verified listings, best of two (one garbage-collection pause is not its cost). */
function sampleGeneration(): BenchRow {
  let fastest = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 2; run++) {
    const started = performance.now();
    generateSampleListings({ verified: 10_000 });
    fastest = Math.min(fastest, performance.now() - started);
  }
  return atMost(SECTION, 'sample generation @10,000', Math.round(fastest), 'ms', 1000, 'npm run seed');
}

const section: BenchSection = {
  name: SECTION,
  async run(): Promise<BenchRow[]> {
    const rows: BenchRow[] = [sampleGeneration()];
    for (const size of SIZES) {
      const site = await benchSite(size);
      const files = await listingsFiles(site.siteDir, size);
      const gz = files.parts.reduce((sum, p) => sum + p.gz, 0);
      const raw = files.parts.reduce((sum, p) => sum + p.raw, 0);
      const [first] = files.parts;
      const ratings = files.parts.reduce((sum, p) => sum + p.ratingsGz, 0);
      rows.push(
        atMost(
          SECTION,
          `ratings in the listings data per listing @${n(size)}`,
          Math.round((ratings / size) * 100) / 100,
          'B',
          RATINGS_MAX_B,
          'gzipped: the rating column (count x 64 + average x 10) of the sample reviews, about 40% of listings rated',
        ),
        info(
          SECTION,
          `whole set (${files.parts.length} parts) @${n(size)}`,
          kb(gz),
          'KB',
          `gzipped; ${kb(raw)} KB raw`,
        ),
        atMost(
          SECTION,
          `listings data per listing @${n(size)}`,
          Math.round((gz / size) * 10) / 10,
          'B',
          60,
          `gzipped; ${Math.round((raw / size) * 10) / 10} B raw`,
        ),
        info(
          SECTION,
          `first part @${n(size)}`,
          kb(first!.gz),
          'KB',
          'what a typed query on /browse waits for',
        ),
        largestFile('state', files.largestState, size),
        largestFile('type', files.largestType, size),
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
