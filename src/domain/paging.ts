/**
 * Results shown at first and added by each 'Show more' (D15), and per static landing page. Its own module so the
 * browse view's first load need not carry the search code for one number (the page budgets, docs/performance.md).
 */
export const PAGE_SIZE = 24;

/**
 * Cards whose photo loads at once: the first row on a wide screen. They alone have their photo in the page's HTML;
 * the others, which load theirs as they come near the screen, show their blurred cover until then
 * (docs/performance.md, "Page weight").
 */
export const EAGER_PHOTOS = 3;

/** Pages a landing page's pager links on either side of the current one. */
const NEAR = 2;

/**
 * The pages a landing page's pager links, in order, with null where pages are skipped: the first, the last, and
 * those within two of the current one (a gap of a single page is linked instead: the mark would save nothing). Every
 * page stays reachable by links (each links its neighbours, and the sitemap lists them all), and the pager stays
 * under a dozen links whatever the number of pages: one link per page was about 7 KB of a later page at 10,000
 * listings (docs/performance.md, "Page weight").
 */
export function pagerPages(page: number, pages: number): Array<number | null> {
  const linked = (n: number) =>
    n === 1 || n === pages || Math.abs(n - page) <= NEAR + (n === 2 || n === pages - 1 ? 1 : 0);
  const shown: Array<number | null> = [];
  for (let n = 1; n <= pages; n++) {
    if (linked(n)) shown.push(n);
    else if (shown.at(-1) !== null) shown.push(null);
  }
  return shown;
}
