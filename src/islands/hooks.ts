import { useEffect } from 'react';
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
