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
    const next = filtersFromParams(new URLSearchParams(location.search), preset);
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
