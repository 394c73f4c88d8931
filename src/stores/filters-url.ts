import { filtersFromParams, filtersToParams } from '../domain/filter-params';
import { type Filters, sameFilters } from '../domain/schemas/filters';
import { $openListing } from './dialog';
import { $filters } from './filters';

/**
 * How long the filters must rest (no keystroke, no change) before the address bar follows them, and before the
 * browse view fetches the rest of the whole set (src/islands/browse/BrowseApp.tsx).
 */
export const FILTERS_AT_REST_MS = 250;

/**
 * The store takes the filters the address describes, once, as the browse view first renders in the browser: the
 * preset's own object when the address adds nothing to it. Set before the view's store hook subscribes, the store
 * then holds the very object hydration rendered, and React has no reason for another render right after hydrating.
 * Set from an effect, it was a store change after hydration, which React renders at once and whole, in one task
 * (docs/performance.md, "Work at load"). Nothing has subscribed to the store yet at that moment.
 */
export function adoptUrlFilters(preset: Filters): void {
  if (typeof location !== 'undefined') $filters.set(urlFilters(preset));
}

/** The filters the address describes: the preset's own object when it adds nothing to it. */
function urlFilters(preset: Filters): Filters {
  const fromUrl = filtersFromParams(new URLSearchParams(location.search), preset);
  return sameFilters(fromUrl, preset) ? preset : fromUrl;
}

/**
 * Keeps the address bar and the filter store in step on a page whose browse view pre-applies `preset` (D11, D13);
 * returns the function that stops it.
 *
 * - At once, and on every history navigation (`popstate`: Back, Forward, or the home hero search after it pushed
 *   its choice as a new entry), the store takes the filters the URL describes: a URL is a view to restore.
 * - Every change of the store is written back with replaceState, never as a new history entry, once the filters
 *   rest (and at once when the page is left): replaceState costs milliseconds of a keystroke's frame, and browsers
 *   throttle pages that call it hundreds of times. Also at once before the detail dialog adds a history entry, so
 *   that Back from the dialog returns to the search as typed.
 */
export function bindFiltersToUrl(preset: Filters): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    clearTimeout(timer);
    const url = new URL(location.href);
    url.search = filtersToParams($filters.get(), preset).toString();
    if (url.href !== location.href) history.replaceState(history.state, '', url);
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(write, FILTERS_AT_REST_MS);
  };
  const read = () => {
    const next = urlFilters(preset);
    if (!sameFilters(next, $filters.get())) $filters.set(next);
    // Also drops a write still waiting for the entry just left, and tidies this one's query (?state=all-states).
    schedule();
  };
  read();
  const unlisten = $filters.listen(schedule);
  addEventListener('popstate', read);
  addEventListener('pagehide', write);
  // The dialog adds its history entry right after it opens (./dialog.ts): this one must hold the filters first.
  const unlistenDialog = $openListing.listen(write);
  return () => {
    clearTimeout(timer);
    unlisten();
    unlistenDialog();
    removeEventListener('popstate', read);
    removeEventListener('pagehide', write);
  };
}
