/**
 * "More glamping near {town}" on a listing's page (issue 17): the nearest other listings, found at build time for
 * every listing, so the search is a grid of 1-degree cells rather than a scan of every pair (10,000 listings
 * would be 10^8 distances).
 */
import { type Coordinates, distanceKm } from './search';

/** How many neighbours a listing page links to ("More glamping near"), and how far they may be. */
export const NEARBY_COUNT = 6;
export const NEARBY_MAX_MILES = 250;

const KM_PER_MILE = 1.609344;
/** Miles per degree of latitude (and of longitude at the equator). */
const MILES_PER_DEGREE = 69.0;

/** Great-circle distance in miles. */
export function distanceMiles(a: Coordinates, b: Coordinates): number {
  return distanceKm(a, b) / KM_PER_MILE;
}

/** '12 mi', 'under 1 mi': how a distance reads on a page. */
export function formatMiles(miles: number): string {
  return miles < 1 ? 'under 1 mi' : `${Math.round(miles).toLocaleString('en-US')} mi`;
}

export interface Neighbour<T> {
  listing: T;
  miles: number;
}

/** Finds the nearest `count` of the indexed items to a point, within `maxMiles`, nearest first. */
export type NearestFinder<T> = (
  origin: Coordinates,
  count: number,
  maxMiles: number,
  exclude?: T,
) => Neighbour<T>[];

const cellOf = (n: number) => Math.floor(n);
const keyOf = (lat: number, lng: number) => `${lat}:${lng}`;

/** Indexes items by position once; the returned finder answers each query from nearby cells only. */
export function createNearestFinder<T extends Coordinates>(items: readonly T[]): NearestFinder<T> {
  const cells = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(cellOf(item.latitude), cellOf(item.longitude));
    const cell = cells.get(key);
    if (cell) cell.push(item);
    else cells.set(key, [item]);
  }
  return (origin, count, maxMiles, exclude) => {
    const found: Neighbour<T>[] = [];
    const lat0 = cellOf(origin.latitude);
    const lng0 = cellOf(origin.longitude);
    const visit = (lat: number, lng: number) => {
      for (const item of cells.get(keyOf(lat, ((((lng + 180) % 360) + 360) % 360) - 180)) ?? []) {
        if (item === exclude) continue;
        const miles = distanceMiles(origin, item);
        if (miles <= maxMiles) found.push({ listing: item, miles });
      }
    };
    for (let ring = 0; ring <= 180; ring++) {
      // The ring of cells at Chebyshev distance `ring` from the origin's cell.
      for (let dLat = -ring; dLat <= ring; dLat++) {
        const lat = lat0 + dLat;
        if (lat < -90 || lat > 89) continue;
        const edge = Math.abs(dLat) === ring;
        for (let dLng = -ring; dLng <= ring; dLng += edge ? 1 : 2 * ring) visit(lat, lng0 + dLng);
      }
      // Anything in a farther ring is at least `ring` degrees away in latitude or in longitude; a degree of
      // longitude shrinks towards the poles, so the bound uses the most poleward latitude the next ring reaches.
      const poleward = Math.min(89, Math.abs(origin.latitude) + ring + 1);
      const beyond = ring * MILES_PER_DEGREE * Math.cos((poleward * Math.PI) / 180);
      if (beyond > maxMiles) break;
      if (found.length >= count) {
        found.sort((a, b) => a.miles - b.miles);
        if (found[count - 1]!.miles <= beyond) break;
      }
    }
    return found.sort((a, b) => a.miles - b.miles).slice(0, count);
  };
}

/** Driving directions to a coordinate pair (Google Maps' documented URL scheme: no key, any device). */
export function directionsHref(latitude: number, longitude: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${latitude},${longitude}`;
}

/** The same place on openstreetmap.org, with a marker: the listing map's link when scripts do not run. */
export function osmHref(latitude: number, longitude: number, zoom = 13): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=${zoom}/${latitude}/${longitude}`;
}
