/**
 * Results shown at first and added by each 'Show more' (D15), and per static landing page. Its own module so the
 * browse view's first load need not carry the search code for one number (the page budgets, docs/performance.md).
 */
export const PAGE_SIZE = 24;
