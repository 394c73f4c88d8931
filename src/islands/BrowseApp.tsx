import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { BrowseListing } from '../domain/browse-data';
import { FILTERS_IN_URL_EVENT } from '../domain/filter-param-names';
import { filtersFromParams } from '../domain/filter-params';
import type { Filters } from '../domain/schemas/filters';
import { PAGE_SIZE, searchListings, wantsFuzzy } from '../domain/search';
import { $openListing } from '../stores/dialog';
import { $filters, $origin, replaceFilters, startFilters } from '../stores/filters';
import { useFuzzyMatcher, useListings, whenIdle } from './data';
import { FilterPanel } from './FilterPanel';
import { useNearMe, useUrlSync } from './hooks';
import { Results } from './Results';
import { useAtom } from './use-atom';

interface Props {
  /** The page's first results, rendered at build time so they are in the served HTML (D11). */
  initial: BrowseListing[];
  initialTotal: number;
  /** Filters the page pre-applies (a state or type landing page), or the defaults. */
  preset: Filters;
  headingLevel: 1 | 2;
}

// The dialog's code loads when a visitor first opens a listing, or earlier when the browser is idle.
const loadDialog = () => import('./ListingDialog');
const ListingDialog = lazy(() => loadDialog().then((m) => ({ default: m.ListingDialog })));

const same = (a: Filters, b: Filters) => JSON.stringify(a) === JSON.stringify(b);

/** The browse view: filter panel, results and detail dialog over the one static listings file. */
export default function BrowseApp({ initial, initialTotal, preset, headingLevel }: Props) {
  // Until mounted, render from the preset: the store is shared by every page the build renders.
  const [mounted, setMounted] = useState(false);
  const stored = useAtom($filters);
  const origin = useAtom($origin);
  const openSlug = useAtom($openListing);
  const filters = mounted ? stored : preset;
  const data = useListings();
  const all = data.status === 'ready' ? data.value : null;

  useEffect(() => {
    const fromUrl = () => filtersFromParams(new URLSearchParams(window.location.search), preset);
    startFilters(fromUrl());
    setMounted(true);
    // The home hero search writes its choices into the URL and says so.
    const onUrlFilters = () => replaceFilters(fromUrl());
    window.addEventListener(FILTERS_IN_URL_EVENT, onUrlFilters);
    return () => window.removeEventListener(FILTERS_IN_URL_EVENT, onUrlFilters);
  }, [preset]);
  useEffect(() => whenIdle(loadDialog), []);
  useUrlSync(filters, preset, mounted);
  useNearMe(filters.location);

  const fuzzy = useFuzzyMatcher(all, wantsFuzzy(filters.location));

  // Filtering 10,000 listings takes a millisecond or two, so results render with the input, in the same frame.
  // Until fuse.js has loaded, exact matches show alone (typo-tolerant ones are appended after them); with no exact
  // match the list waits for it rather than saying 'none found' first.
  const results = useMemo(() => {
    if (!all) return null;
    const list = searchListings(all, filters, { origin, fuzzy });
    return list.length === 0 && !fuzzy && wantsFuzzy(filters.location) ? null : list;
  }, [all, filters, origin, fuzzy]);
  const usePreset = results === null && same(filters, preset);
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
        listings={matched ? matched.slice(0, limit) : null}
        total={total ?? 0}
        error={data.status === 'error' ? data.message : null}
        onShowMore={() => setPaging({ key, limit: limit + PAGE_SIZE })}
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
