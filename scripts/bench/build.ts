/**
 * Full build time (issue 6): the whole site built from a fresh embedded database holding 1,000 and 10,000 verified
 * listings, and the wall time per HTML page. Uses the bench's shared sites (scripts/bench/site.ts), so a size another
 * section already built is not built twice.
 */
import { benchSite } from './site';
import { atMost, type BenchRow, type BenchSection, info } from './types';

const SECTION = 'build';
const SIZES = [1_000, 10_000];

const section: BenchSection = {
  name: SECTION,
  async run() {
    const rows: BenchRow[] = [];
    for (const listings of SIZES) {
      const site = await benchSite(listings);
      const seconds = site.buildMs / 1000;
      const perPage = site.buildMs / site.pages;
      const label = `${listings.toLocaleString('en-US')} listings`;
      const note = `${site.pages.toLocaleString('en-US')} HTML pages (+ one JSON file per listing)`;
      rows.push(
        listings === 10_000
          ? atMost(SECTION, `full build, ${label}`, seconds, 's', 60, note)
          : info(SECTION, `full build, ${label}`, seconds, 's', note),
        atMost(SECTION, `build time per page, ${label}`, perPage, 'ms', 3, 'whole build / HTML pages'),
      );
    }
    return rows;
  },
};

export default section;
