import { useEffect, useState } from 'react';
import { isNearMe } from '../../domain/location';
import { $origin, setGeoMessage, setOrigin } from '../../stores/filters';
import { onDemand } from '../shared/on-demand';

/** The place search module (./place-search.ts), loaded on demand. */
export const loadPlaceSearch = onDemand(() => import('./place-search'));

/** Asks for the visitor's position when the location text is 'Near Me' (D14); the code for it loads then. */
export function useNearMe(location: string): void {
  const wanted = isNearMe(location);
  useEffect(() => {
    if (wanted && !$origin.get()) loadPlaceSearch().then((m) => m.locateVisitor(setOrigin, setGeoMessage));
  }, [wanted]);
}

/** Where distance mode measures from: a resolved place, null for an unknown one, 'loading' meanwhile. */
export type NearPlace =
  | { key: string; label: string; latitude: number; longitude: number }
  | null
  | 'loading';

/**
 * The place of a `near` key (D27), from the gazetteer piece that holds it: loaded on demand, like the suggestions.
 * Null when there is no key or the gazetteer does not know it (the text then filters as plain text).
 */
export function useNearPlace(near: string): NearPlace {
  const [resolved, setResolved] = useState<[string, NearPlace]>(['', null]);
  // A ZIP typed digit by digit: its piece came with the suggestions, so the place is known in this very render and
  // the results go straight to distance mode (waiting a task for it showed 'Loading' and rebuilt every card twice).
  const placeSearch = loadPlaceSearch.now();
  const now = near && placeSearch ? placeSearch.resolveNearNow(near) : undefined;
  const known = now !== undefined;
  useEffect(() => {
    if (!near || known) return;
    let live = true;
    loadPlaceSearch()
      .then((m) => m.resolveNear(near))
      .catch(() => null)
      .then((place) => live && setResolved([near, place]));
    return () => {
      live = false;
    };
  }, [near, known]);
  if (!near) return null;
  if (now !== undefined) return now;
  return resolved[0] === near ? resolved[1] : 'loading';
}
