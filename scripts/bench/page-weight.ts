/**
 * Page weight: a listing page's HTML with today's content (median over every listing page of the
 * 1,000-listing site, budget 11 KB) beside the same content as a plain page, the sections later issues add on top
 * (marked data-bench-extra, scripts/bench/html-weight.ts) on their own line, and the HTML of home, browse and a
 * state page for information. Sizes are deterministic: no quiet machine needed.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  EXTRA_ATTRIBUTE,
  extraBytes,
  LISTING_PAGE_MAX_KB,
  median,
  plainPage,
  withoutExtras,
} from './html-weight';
import { gzipBytes, KB } from './js';
import { benchSite } from './site';
import { atMost, type BenchRow, type BenchSection, info } from './types';

const SECTION = 'page-weight';
const LISTINGS = 1000;
/** Pages of other types, reported for information (they must not grow when the layout changes). */
const OTHER_PAGES = [
  { name: 'home', file: 'index.html' },
  { name: '/browse', file: 'browse.html' },
  { name: 'state page /glamping-california', file: 'glamping-california.html' },
];

const kb = (bytes: number) => Math.round((bytes / KB) * 10) / 10;

const section: BenchSection = {
  name: SECTION,
  async run(): Promise<BenchRow[]> {
    const site = await benchSite(LISTINGS);
    const dir = join(site.siteDir, 'listings');
    const files = (await readdir(dir)).filter((f) => f.endsWith('.html'));
    const pages = { raw: [] as number[], gzip: [] as number[], plain: [] as number[], extra: [] as number[] };
    for (const file of files) {
      const html = await readFile(join(dir, file), 'utf8');
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
          ? `median of the ${pages.extra.length} pages with ${EXTRA_ATTRIBUTE} sections (map, nearby listings), on top`
          : `no page has ${EXTRA_ATTRIBUTE} sections`,
      ),
    ];
    for (const page of OTHER_PAGES) {
      const html = await readFile(join(site.siteDir, page.file)).catch(() => null);
      rows.push(
        html
          ? info(
              SECTION,
              `${page.name} HTML ${at}`,
              kb(html.length),
              'KB',
              `${kb(gzipBytes(html))} KB gzipped`,
            )
          : info(SECTION, `${page.name} HTML ${at}`, 0, 'KB', 'no such page in the build'),
      );
    }
    return rows;
  },
};

export default section;
