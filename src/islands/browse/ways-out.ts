import { useEffect, useMemo } from 'react';
import type { Origin } from '../../domain/browse-coverage';
import type { BrowseListing } from '../../domain/browse-data';
import type { Relaxation } from '../../domain/relax';
import type { Filters } from '../../domain/schemas/filters';
import type { Coordinates, FuzzyMatcher } from '../../domain/search';
import { type Engine, requestListings } from './data';
import type { LoadedListings } from './loaded-listings';

interface Search {
  /** True when the final results are none. */
  empty: boolean;
  filters: Filters;
  engine: Engine | null;
  loaded: LoadedListings;
  origin: Coordinates | null;
  loaderOrigin: Origin;
  fuzzy: FuzzyMatcher | null;
}

/**
 * An empty result's ways out (src/domain/relax.ts): each counted with the page's own search over the listings it has
 * loaded, and only when those hold every listing the change could match. Near a place, the states within the next
 * radius step are loaded too (a few small files), so "Widen to 100 miles: 12 places" can be counted.
 */
const NONE: Relaxation[] = [];

export function useWaysOut({
  empty,
  filters,
  engine,
  loaded,
  origin,
  loaderOrigin,
  fuzzy,
}: Search): Relaxation[] {
  const all: readonly BrowseListing[] | null = loaded.listings;
  useEffect(() => {
    const wider = empty && engine ? engine.widerRadius(filters) : null;
    if (wider) requestListings(wider, loaderOrigin, 'rest');
  }, [empty, engine, filters, loaderOrigin]);
  return useMemo(() => {
    if (!empty || !engine || !all) return NONE;
    return engine.relaxations(filters, (f) =>
      engine.covers(loaded, f, loaderOrigin) ? engine.searchListings(all, f, { origin, fuzzy }).length : null,
    );
  }, [empty, engine, all, loaded, filters, origin, loaderOrigin, fuzzy]);
}
