import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { BrowseListing } from '../domain/browse-data';
import { nearOf } from '../domain/places/near';
import { type Filters, sameFilters } from '../domain/schemas/filters';
import { isNearMe, PAGE_SIZE, searchListings, wantsFuzzy } from '../domain/search';
import { $openListing } from '../stores/dialog';
import { $filters, $origin, settleNear } from '../stores/filters';
import { bindFiltersToUrl } from '../stores/filters-url';
import { useFuzzyMatcher, useListings, whenIdle } from './data';
import { FilterPanel } from './FilterPanel';
import { useNearMe, useNearPlace } from './hooks';
import { Results } from './Results';
import { useAtom } from './use-atom';

interface Props {
  /** The page's first results, rendered at build time so they are in the served HTML (D11). */
  initial: BrowseListing[];
  initialTotal: number;
  /** Where `initial` starts in the preset's results: pages 2.. of a landing page. Filtering starts from the top. */
  offset?: number;
  /** Filters the page pre-applies (a state or type landing page), or the defaults. */
  preset: Filters;
  headingLevel: 1 | 2;
}

// The dialog's code loads when a visitor first opens a listing, or earlier when the browser is idle.
const loadDialog = () => import('./ListingDialog');
const ListingDialog = lazy(() => loadDialog().then((m) => ({ default: m.ListingDialog })));

/** The browse view: filter panel, results and detail dialog over the one static listings file. */
export default function BrowseApp({ initial, initialTotal, offset = 0, preset, headingLevel }: Props) {
  // The server rendered the preset (the store is shared by every page the build renders), so hydration does too;
  // then the store holds what the URL says, and the address bar follows the store.
  const filters = useAtom($filters, preset);
  const position = useAtom($origin);
  const openSlug = useAtom($openListing);
  const data = useListings();
  const all = data.status === 'ready' ? data.value : null;

  useEffect(() => bindFiltersToUrl(preset), [preset]);
  useEffect(() => whenIdle(loadDialog), []);
  useNearMe(filters.location);

  // Distance mode (D27) measures from the visitor's position ('Near Me') or from the place of `near` (a chosen
  // place or a typed ZIP), which loads from the gazetteer; a place it does not know leaves the plain text rule.
  const place = useNearPlace(nearOf(filters));
  const origin = isNearMe(filters.location) ? position : place === 'loading' ? null : place;
  const settled = filters.near && place !== 'loading' ? (place?.label ?? null) : undefined;
  useEffect(() => {
    if (settled !== undefined) settleNear(settled);
  }, [settled]);

  const fuzzy = useFuzzyMatcher(all, wantsFuzzy(filters.location) && !origin);

  // Filtering 10,000 listings takes a millisecond or two, so results render with the input, in the same frame.
  // Until fuse.js has loaded, exact matches show alone (typo-tolerant ones are appended after them); with no exact
  // match the list waits for it rather than saying 'none found' first.
  const results = useMemo(() => {
    if (!all || place === 'loading') return null;
    const list = searchListings(all, filters, { origin, fuzzy });
    return list.length === 0 && !origin && !fuzzy && wantsFuzzy(filters.location) ? null : list;
  }, [all, filters, origin, fuzzy, place]);
  const onPreset = sameFilters(filters, preset);
  const usePreset = results === null && onPreset;
  // Until the full list has loaded, `initial` is this page's slice already.
  const start = results && onPreset ? offset : 0;
  const matched = results ?? (usePreset ? initial : null);
  const total = results?.length ?? (usePreset ? initialTotal : null);

  const key = JSON.stringify(filters);
  const [paging, setPaging] = useState({ key, limit: PAGE_SIZE });
  const limit = paging.key === key ? paging.limit : PAGE_SIZE;

  const selected = openSlug ? ((all ?? initial).find((l) => l.slug === openSlug) ?? null) : null;

  return (
    <div>
      <FilterPanel filters={filters} total={total} headingLevel={headingLevel} />
      <Results
        listings={matched ? matched.slice(start, start + limit) : null}
        start={start}
        total={total ?? 0}
        error={data.status === 'error' ? data.message : null}
        onShowMore={() => setPaging({ key, limit: limit + PAGE_SIZE })}
        origin={origin}
        withHeading={headingLevel === 1}
      />
      {selected && (
        <Suspense fallback={null}>
          <ListingDialog listing={selected} />
        </Suspense>
      )}
    </div>
  );
}
