/**
 * Page weight: a listing page's HTML with today's content (median over every listing page of the
 * 1,000-listing site, budget 12 KB) beside the same content as a plain page, the sections later issues add on top
 * (marked data-bench-extra, scripts/bench/html-weight.ts) on their own line, what 10 published reviews add to a
 * page (scripts/bench/review-weight.ts; the sample reviews give some listings exactly 10), and the HTML of the pages
 * that show the browse view at 10,000 listings, each at most 60 KB (scripts/bench/browse-weight.ts). Sizes are
 * deterministic: no quiet machine needed.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { browsePageRows } from './browse-weight';
import {
  EXTRA_ATTRIBUTE,
  extraBytes,
  LISTING_PAGE_MAX_KB,
  median,
  plainPage,
  withoutExtras,
} from './html-weight';
import { gzipBytes, KB } from './js';
import { reviewCount, reviewsSectionBytes, reviewTextBytes, withoutReviews } from './review-weight';
import { benchSite, REFERENCE_LISTINGS } from './site';
import { atMost, type BenchRow, type BenchSection, info } from './types';

const SECTION = 'page-weight';
const LISTINGS = 1000;

const kb = (bytes: number) => Math.round((bytes / KB) * 10) / 10;

/** The listing page with this many published reviews is measured: the ones its section shows open. */
const REVIEWS = 10;
/**
 * Budget for what 10 reviews add to a listing page, on top of its own 12 KB (docs/performance.md, "Page weight"):
 * the samples' texts twice (about 4 KB: the section and the JSON-LD search engines read), at most 1 KB of markup and
 * JSON-LD per review, and 2 KB for the summary, the distribution and the links.
 */
const REVIEWS_MAX_KB = 16;

/** What the reviews add to these pages (each with exactly {@link REVIEWS} published reviews): medians. */
function reviewedPages(pages: readonly string[]) {
  const added = { raw: [] as number[], gzip: [] as number[], section: [] as number[], text: [] as number[] };
  const whole = { raw: [] as number[], gzip: [] as number[] };
  for (const html of pages) {
    const without = withoutReviews(html);
    added.raw.push(Buffer.byteLength(html) - Buffer.byteLength(without));
    added.gzip.push(gzipBytes(html) - gzipBytes(without));
    added.section.push(reviewsSectionBytes(html));
    added.text.push(reviewTextBytes(html));
    whole.raw.push(Buffer.byteLength(html));
    whole.gzip.push(gzipBytes(html));
  }
  const m = (values: number[]) => kb(median(values));
  const jsonLd = added.raw.map((raw, i) => raw - added.section[i]!);
  return {
    raw: median(added.raw),
    note: `median of ${pages.length} pages with ${REVIEWS} published reviews: section ${m(added.section)} KB, JSON-LD ${m(jsonLd)} KB; the reviews' own text ${m(added.text)} KB, in both; ${m(added.gzip)} KB gzipped; on top of the ${LISTING_PAGE_MAX_KB} KB page`,
    whole: `${m(whole.gzip)} KB gzipped; everything the page holds (map, nearby listings, photos, reviews)`,
    wholeRaw: median(whole.raw),
  };
}

function reviewRows(pages: readonly string[], at: string): BenchRow[] {
  // The sample reviews (scripts/lib/sample/reviews.ts) give 11 of the 1,000 listings exactly 10.
  if (pages.length === 0)
    throw new Error(`no listing page of the bench site has exactly ${REVIEWS} published reviews`);
  const reviewed = reviewedPages(pages);
  return [
    atMost(
      SECTION,
      `${REVIEWS} reviews add to a listing page ${at}`,
      kb(reviewed.raw),
      'KB',
      REVIEWS_MAX_KB,
      reviewed.note,
    ),
    info(
      SECTION,
      `listing page with ${REVIEWS} reviews, whole HTML ${at}`,
      kb(reviewed.wholeRaw),
      'KB',
      reviewed.whole,
    ),
  ];
}

const section: BenchSection = {
  name: SECTION,
  async run(): Promise<BenchRow[]> {
    const site = await benchSite(LISTINGS);
    const dir = join(site.siteDir, 'listings');
    const files = (await readdir(dir)).filter((f) => f.endsWith('.html'));
    const pages = { raw: [] as number[], gzip: [] as number[], plain: [] as number[], extra: [] as number[] };
    const reviewed: string[] = [];
    for (const file of files) {
      const html = await readFile(join(dir, file), 'utf8');
      if (reviewCount(html) === REVIEWS) reviewed.push(html);
      const page = withoutExtras(html);
      pages.raw.push(Buffer.byteLength(page));
      pages.gzip.push(gzipBytes(page));
      pages.plain.push(Buffer.byteLength(plainPage(html)));
      const extra = extraBytes(html);
      if (extra > 0) pages.extra.push(extra);
    }
    const raw = median(pages.raw);
    const plain = median(pages.plain);
    const at = `@${LISTINGS.toLocaleString('en-US')}`;
    const rows: BenchRow[] = [
      atMost(
        SECTION,
        `listing page HTML ${at}`,
        kb(raw),
        'KB',
        LISTING_PAGE_MAX_KB,
        `median of ${files.length} pages without ${EXTRA_ATTRIBUTE} sections; ${kb(median(pages.gzip))} KB gzipped`,
      ),
      info(
        SECTION,
        `listing page / plain page ${at}`,
        Math.round((raw / plain) * 100) / 100,
        'x',
        `plain page ${kb(plain)} KB: same head and main content, no header, footer, scripts, classes or icons`,
      ),
      info(
        SECTION,
        `listing page extras ${at}`,
        pages.extra.length ? kb(median(pages.extra)) : 0,
        'KB',
        pages.extra.length
          ? `median of the ${pages.extra.length} pages with ${EXTRA_ATTRIBUTE} sections (map, nearby listings, photos, reviews, contact bar, actions), on top`
          : `no page has ${EXTRA_ATTRIBUTE} sections`,
      ),
      ...reviewRows(reviewed, at),
    ];
    const reference = await benchSite(REFERENCE_LISTINGS);
    rows.push(...(await browsePageRows(SECTION, reference.siteDir, REFERENCE_LISTINGS)));
    return rows;
  },
};

export default section;
