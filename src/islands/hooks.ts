import { useEffect, useState } from 'react';
import { isNearMe } from '../domain/search';
import { $origin, setGeoMessage, setOrigin } from '../stores/filters';

/** Asks for the visitor's position when the location text is 'Near Me' (D14); the code for it loads then. */
export function useNearMe(location: string): void {
  const wanted = isNearMe(location);
  useEffect(() => {
    if (wanted && !$origin.get())
      import('./place-search').then((m) => m.locateVisitor(setOrigin, setGeoMessage));
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
  const [state, setState] = useState<{ near: string; place: NearPlace }>({ near: '', place: null });
  useEffect(() => {
    if (!near) return;
    let live = true;
    // The same on-demand module as the location field's suggestions: one download for both.
    import('./place-search')
      .then((m) => m.resolveNear(near))
      .then(
        (place) => live && setState({ near, place }),
        () => live && setState({ near, place: null }),
      );
    return () => {
      live = false;
    };
  }, [near]);
  if (!near) return null;
  return state.near === near ? state.place : 'loading';
}
