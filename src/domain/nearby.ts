/**
 * "More glamping near {town}" on a listing's page: the nearest other listings, found at build time for
 * every listing, so the search is a grid of 1-degree cells rather than a scan of every pair (10,000 listings
 * would be 10^8 distances).
 */
import { formatCount } from './format';
import { type Coordinates, distanceMiles, EARTH_RADIUS_MILES } from './search';

/** How many neighbours a listing page links to ("More glamping near"), and how far they may be. */
export const NEARBY_COUNT = 6;
export const NEARBY_MAX_MILES = 250;

/** Miles per degree of latitude (and of longitude at the equator). */
const MILES_PER_DEGREE = 69.0;

/** '12 mi', 'under 1 mi': how a distance reads on a page. */
export function formatMiles(miles: number): string {
  return miles < 1 ? 'under 1 mi' : `${formatCount(miles)} mi`;
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

const RADIANS_PER_DEGREE = Math.PI / 180;

/**
 * A lower bound of distanceMiles(a, b), from arithmetic alone (the build finds 10,000 listings' neighbours,
 * and the haversine's sines and cosines were most of that time). `cosines` is cos(a.latitude) * cos(b.latitude). The
 * haversine's h is sin²(Δφ/2) + cos φa cos φb sin²(Δλ/2); with sin x >= x - x³/6 (0 <= x <= π/2) and asin y >= y,
 * 2R·sqrt(that h with each sine replaced by its bound) is never more than the distance; a margin far wider than any
 * rounding keeps it below the computed distance too.
 */
function lowerBoundMiles(a: Coordinates, b: Coordinates, cosines: number): number {
  const halfLat = (Math.abs(b.latitude - a.latitude) * RADIANS_PER_DEGREE) / 2;
  const dLng = Math.abs(b.longitude - a.longitude);
  const halfLng = ((dLng > 180 ? 360 - dLng : dLng) * RADIANS_PER_DEGREE) / 2;
  const sinLat = halfLat - halfLat ** 3 / 6;
  const sinLng = halfLng - halfLng ** 3 / 6;
  return 2 * EARTH_RADIUS_MILES * Math.min(1, Math.sqrt(sinLat ** 2 + cosines * sinLng ** 2)) * (1 - 1e-9);
}

/** An item with its position copied into a small object of one shape (items may be any object: reading their
 * coordinates again for every query was a good part of the search). */
interface Indexed<T> {
  item: T;
  latitude: number;
  longitude: number;
  cosLatitude: number;
}

/** Indexes items by position once; the returned finder answers each query from nearby cells only. */
export function createNearestFinder<T extends Coordinates>(items: readonly T[]): NearestFinder<T> {
  const cells = new Map<string, Indexed<T>[]>();
  for (const item of items) {
    const key = keyOf(cellOf(item.latitude), cellOf(item.longitude));
    const entry: Indexed<T> = {
      item,
      latitude: item.latitude,
      longitude: item.longitude,
      cosLatitude: Math.cos(item.latitude * RADIANS_PER_DEGREE),
    };
    const cell = cells.get(key);
    if (cell) cell.push(entry);
    else cells.set(key, [entry]);
  }
  return (origin, count, maxMiles, exclude) => {
    const found: Neighbour<T>[] = [];
    // The `count` shortest distances found so far, shortest first: an item whose lower bound is beyond the last of
    // them cannot be among the nearest, and is not measured. (The nearest are the same, in the same order: only
    // items farther than the final count-th are left out.)
    const best: number[] = [];
    const from: Coordinates = { latitude: origin.latitude, longitude: origin.longitude };
    const cosOrigin = Math.cos(from.latitude * RADIANS_PER_DEGREE);
    const lat0 = cellOf(origin.latitude);
    const lng0 = cellOf(origin.longitude);
    const visit = (lat: number, lng: number) => {
      for (const entry of cells.get(keyOf(lat, ((((lng + 180) % 360) + 360) % 360) - 180)) ?? []) {
        const item = entry.item;
        if (item === exclude) continue;
        if (best.length === count) {
          const farthest = best[count - 1]!;
          // The latitudes alone first (a degree of latitude is 69.09 miles anywhere), then the whole bound.
          if (Math.abs(entry.latitude - from.latitude) * 69 > farthest) continue;
          if (lowerBoundMiles(from, entry, cosOrigin * entry.cosLatitude) > farthest) continue;
        }
        const miles = distanceMiles(from, entry);
        if (miles > maxMiles) continue;
        found.push({ listing: item, miles });
        if (best.length < count || miles < best[count - 1]!) {
          let at = best.length < count ? best.length : count - 1;
          while (at > 0 && best[at - 1]! > miles) {
            best[at] = best[at - 1]!;
            at--;
          }
          best[at] = miles;
        }
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

/** The same place on openstreetmap.org, with a marker: the listing map's link when scripts do not run. */
export function osmHref(latitude: number, longitude: number, zoom = 13): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=${zoom}/${latitude}/${longitude}`;
}
