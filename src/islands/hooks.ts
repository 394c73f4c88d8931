import { useEffect, useState } from 'react';
import { isNearMe } from '../domain/search';
import { $origin, setGeoMessage, setOrigin } from '../stores/filters';

export const GEO_DENIED = 'Location access was denied. Type a city or ZIP instead.';
export const GEO_UNAVAILABLE = 'Your location is not available right now. Type a city or ZIP instead.';

/** Asks for the visitor's position when the location text is 'Near Me' (D14). */
export function useNearMe(location: string): void {
  const wanted = isNearMe(location);
  useEffect(() => {
    if (!wanted || $origin.get()) return;
    if (!('geolocation' in navigator)) {
      setGeoMessage(GEO_UNAVAILABLE);
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => setOrigin({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (error) => setGeoMessage(error.code === error.PERMISSION_DENIED ? GEO_DENIED : GEO_UNAVAILABLE),
      { timeout: 15_000, maximumAge: 600_000 },
    );
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
    import('./places')
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
