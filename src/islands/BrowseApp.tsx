import { useStore } from '@nanostores/react';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { BrowseListing } from '../domain/browse-data';
import { filtersFromParams } from '../domain/filter-params';
import type { Filters } from '../domain/schemas/filters';
import { PAGE_SIZE, searchListings } from '../domain/search';
import { $openListing } from '../stores/dialog';
import { $filters, $origin, startFilters } from '../stores/filters';
import { useListings } from './data';
import { FilterPanel } from './FilterPanel';
import { useNearMe, useUrlSync } from './hooks';
import { ListingDialog } from './ListingDialog';
import { Results } from './Results';

interface Props {
  /** The page's first results, rendered at build time so they are in the served HTML (D11). */
  initial: BrowseListing[];
  initialTotal: number;
  /** Filters the page pre-applies (a state or type landing page), or the defaults. */
  preset: Filters;
  headingLevel: 1 | 2;
}

const same = (a: Filters, b: Filters) => JSON.stringify(a) === JSON.stringify(b);

/** The browse view: filter panel, results and detail dialog over the one static listings file. */
export default function BrowseApp({ initial, initialTotal, preset, headingLevel }: Props) {
  // Until mounted, render from the preset: the store is shared by every page the build renders.
  const [mounted, setMounted] = useState(false);
  const stored = useStore($filters);
  const origin = useStore($origin);
  const openSlug = useStore($openListing);
  const filters = mounted ? stored : preset;
  const deferred = useDeferredValue(filters);
  const data = useListings();
  const all = data.status === 'ready' ? data.value : null;

  useEffect(() => {
    startFilters(filtersFromParams(new URLSearchParams(window.location.search), preset));
    setMounted(true);
  }, [preset]);
  useUrlSync(filters, preset, mounted);
  useNearMe(filters.location);

  const results = useMemo(
    () => (all ? searchListings(all, deferred, { origin }) : null),
    [all, deferred, origin],
  );
  const usePreset = results === null && same(filters, preset);
  const matched = results ?? (usePreset ? initial : null);
  const total = results?.length ?? (usePreset ? initialTotal : null);

  const key = JSON.stringify(deferred);
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
      <ListingDialog listing={selected} />
    </div>
  );
}
