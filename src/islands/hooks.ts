import { useEffect } from 'react';
import { filtersToParams } from '../domain/filter-params';
import type { Filters } from '../domain/schemas/filters';
import { isNearMe } from '../domain/search';
import { $origin, setGeoMessage, setOrigin } from '../stores/filters';

export const GEO_DENIED = 'Location access was denied. Type a city or ZIP instead.';
export const GEO_UNAVAILABLE = 'Your location is not available right now. Type a city or ZIP instead.';

/** How long the filters must rest before the address bar follows them. */
const URL_SYNC_DELAY_MS = 250;

/**
 * Keeps the query string equal to the filters (D13) without adding history entries. Written once the filters
 * rest (and at once when the page is left), not on every keystroke: replaceState costs milliseconds of the
 * keystroke's frame, and browsers throttle pages that call it hundreds of times.
 */
export function useUrlSync(filters: Filters, preset: Filters, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const write = () => {
      const query = filtersToParams(filters, preset).toString();
      const { pathname, search, hash } = window.location;
      const next = `${pathname}${query ? `?${query}` : ''}${hash}`;
      if (next !== `${pathname}${search}${hash}`) window.history.replaceState(window.history.state, '', next);
    };
    const timer = setTimeout(write, URL_SYNC_DELAY_MS);
    window.addEventListener('pagehide', write);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pagehide', write);
    };
  }, [filters, preset, enabled]);
}

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
