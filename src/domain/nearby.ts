/**
 * "More glamping near {town}" on a listing's page: the nearest other listings, found at build time for
 * every listing. A k-d tree of the listings (kdbush) answers each query on the sphere (geokdbush, from the authors of
 * the map's clustering), rather than a scan of every pair (50,000 listings would be 2.5 x 10^9 distances).
 */
import { around } from 'geokdbush';
import KDBush from 'kdbush';
import { formatCount } from './format';
import { type Coordinates, distanceMiles, KM_PER_MILE } from './search';

/** How many neighbours a listing page links to ("More glamping near"), and how far they may be. */
export const NEARBY_COUNT = 6;
export const NEARBY_MAX_MILES = 250;

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

/** Indexes items by position once; the returned finder answers each query from the tree's nearby branches only. */
export function createNearestFinder<T extends Coordinates>(items: readonly T[]): NearestFinder<T> {
  const index = new KDBush(items.length);
  for (const item of items) index.add(item.longitude, item.latitude);
  index.finish();
  return (origin, count, maxMiles, exclude) => {
    if (items.length === 0) return [];
    // The excluded item is left out of one more neighbour than asked for, not through `around`'s predicate: that is
    // called for every point of every leaf the search opens, and made the 50,000 listing pages' neighbours three
    // times slower (2.0 s against 0.7 s, docs/scaling.md). Leaving one item out moves the others by one place at
    // most, so the nearest `count` others are among the nearest `count + 1`.
    const ids = around(index, origin.longitude, origin.latitude, count + 1, maxMiles * KM_PER_MILE)
      .filter((i) => items[i] !== exclude)
      .slice(0, count);
    return ids.map((i) => {
      const listing = items[i]!;
      return { listing, miles: distanceMiles(origin, listing) };
    });
  };
}

/** The same place on openstreetmap.org, with a marker: the listing map's link when scripts do not run. */
export function osmHref(latitude: number, longitude: number, zoom = 13): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=${zoom}/${latitude}/${longitude}`;
}
