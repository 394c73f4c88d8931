import { memo, useDeferredValue } from 'react';
import type { BrowseListing } from '../../domain/browse-data';
import { formatCount, placesCount } from '../../domain/format';
import { EAGER_PHOTOS } from '../../domain/paging';
import { formatDistance } from '../../domain/places/near';
import type { Relaxation } from '../../domain/relax';
import type { Filters } from '../../domain/schemas/filters';
import { ListingCard } from '../listing/ListingCard';

export interface ResultsProps {
  /** The cards to show now (already cut to the current page); null while loading. */
  listings: readonly BrowseListing[] | null;
  total: number;
  /** Position of the first card in all results (pages 2.. of a landing page). */
  start?: number;
  error: string | null;
  /** Listings still on their way while `listings` are the matches found so far; null when they are all in. */
  stillLoading?: number | null;
  /** Left out of the cards a page's HTML lists, whose 'Show more' the browse view answers (./static-cards.tsx). */
  onShowMore?: () => void;
  /** Adds a hidden 'Results' heading when the panel heading is the page's h1, so cards (h3) sit under an h2. */
  withHeading: boolean;
  /** Where published photos are served. */
  photoBase: string;
  /** In distance mode, each listing's distance in miles from where the results are measured (cards say how far). */
  milesAway?: ((listing: BrowseListing) => number) | null;
  /** When nothing matches: what to change, each with how many it finds (src/domain/relax.ts). */
  waysOut?: readonly Relaxation[];
  onWayOut?: (filters: Filters) => void;
  /** The map is beside the list (a wide screen): two columns of cards, not three. */
  beside?: boolean;
}

const NONE: readonly BrowseListing[] = [];

/**
 * The result grid with the spec's loading, error and empty texts and the 'Show more' control (D15). Memoised: the
 * view re-renders for the filter panel's sake far more often than the results change.
 */
export const Results = memo(function Results({
  listings,
  total,
  start = 0,
  error,
  stillLoading = null,
  onShowMore,
  withHeading,
  photoBase,
  milesAway,
  waysOut = [],
  onWayOut,
  beside = false,
}: ResultsProps) {
  // The first row renders with the filters; the other cards follow in a deferred render (React's
  // useDeferredValue; none at first when the grid appears in the browser): a keystroke's top results and count show
  // without waiting for the DOM of 24 cards, and a newer keystroke abandons the rest (docs/performance.md, "The first
  // keystroke"). The grid says it is busy until they have caught up. The build renders every card (the page's own
  // cards, src/components/BrowseSection.astro).
  const later = useDeferredValue(listings, import.meta.env.SSR ? listings : NONE) ?? NONE;
  const drawn = listings && [
    ...listings.slice(0, EAGER_PHOTOS),
    ...later.slice(EAGER_PHOTOS, listings.length),
  ];
  const behind = listings !== null && later !== listings;
  return (
    <div className="mt-6 scroll-mt-2" data-results>
      {withHeading && <h2 className="sr-only">Results</h2>}
      {error !== null && (
        <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-red-900">
          Error: {error || 'An error occurred'}
        </p>
      )}
      {listings === null ? (
        error === null && <p className="text-stone-700">Loading glamping sites...</p>
      ) : listings.length === 0 ? (
        <div className="rounded-lg border border-stone-200 bg-white p-4">
          <p className="text-stone-700">No glamping sites found matching your criteria.</p>
          {waysOut.length > 0 && (
            <>
              <p className="mt-3 font-semibold text-stone-900">Try one change:</p>
              <ul className="mt-2 flex flex-wrap gap-2">
                {waysOut.map((w) => (
                  <li key={w.label}>
                    <button
                      type="button"
                      onClick={() => onWayOut?.(w.filters)}
                      className="rounded-full border border-emerald-800 px-3 py-1.5 text-sm font-medium text-emerald-900 hover:bg-emerald-50"
                    >
                      {w.label}: {placesCount(w.count)}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      ) : (
        <>
          {stillLoading !== null && stillLoading > 0 && (
            <p className="mb-4 text-sm text-stone-600">
              Still loading {formatCount(stillLoading)} more listings…
            </p>
          )}
          <ul
            className={`grid grid-cols-1 gap-4 md:grid-cols-2 ${beside ? '' : 'lg:grid-cols-3'}`}
            aria-busy={behind || undefined}
          >
            {/* Keyed by place in the grid, not by listing: when a keystroke brings other listings, each card updates
                the text and links that differ in the elements it has, where keys by listing removed every card and
                built new ones (about 75 nodes each: most of a keystroke's time at 10,000 listings). A
                card whose listing stays in its place renders nothing (ListingCard is memoised). */}
            {drawn?.map((l, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: cards are reused by position on purpose (see above)
              <li key={i}>
                <ListingCard
                  listing={l}
                  photoBase={photoBase}
                  eager={i < EAGER_PHOTOS}
                  later={i >= EAGER_PHOTOS}
                  distance={milesAway ? formatDistance(milesAway(l)) : ''}
                />
              </li>
            ))}
          </ul>
          {start + listings.length < total && (
            <div className="more-results">
              <p>
                {/* One text: React marks the joins of several in the HTML with comments. */}
                {`Showing ${start > 0 ? `${formatCount(start + 1)}–` : ''}${formatCount(start + listings.length)} of ${formatCount(total)}`}
              </p>
              <button type="button" onClick={onShowMore} className="button">
                Show more
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
});
