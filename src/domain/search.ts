import Fuse, { type IFuseOptions } from 'fuse.js';
import { type Filterable, matchesChoices, matchesLocation } from './filter';
import type { Filters } from './schemas/filters';

/** What location search needs beyond the filter fields (D14). */
export interface Searchable extends Filterable {
  zip_code: string;
  latitude: number;
  longitude: number;
}

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** Fuzzy matching only starts at this many characters: shorter text matches almost everything. */
export const FUZZY_MIN_LENGTH = 3;

/**
 * Tuned on the sample data: 0.3 lets one or two slips through ('Ashvile' -> Asheville, 'Yellowstne') while
 * unrelated words stay out. The index holds name, city and state only, so it stays lean.
 */
export const FUSE_OPTIONS: IFuseOptions<Searchable> = {
  keys: ['property_name', 'city', 'state'],
  threshold: 0.3,
  ignoreLocation: true,
  minMatchCharLength: FUZZY_MIN_LENGTH,
};

/** True when the location text asks for results near the visitor ('Near Me', any case). */
export function isNearMe(location: string): boolean {
  return location.trim().toLowerCase() === 'near me';
}

/** True for a US 5-digit ZIP code. */
export function isZip(location: string): boolean {
  return /^\d{5}$/.test(location.trim());
}

/** The spec's substring rule, plus: a 5-digit ZIP also matches the listing's zip_code exactly. */
export function matchesExactly(listing: Searchable, location: string): boolean {
  if (matchesLocation(listing, location)) return true;
  return isZip(location) && listing.zip_code.trim().startsWith(location.trim());
}

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: Coordinates, b: Coordinates): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A copy sorted nearest first; equal distances keep their order. */
export function sortByDistance<T extends Searchable>(listings: readonly T[], origin: Coordinates): T[] {
  return listings
    .map((l, i) => ({ l, i, d: distanceKm(origin, l) }))
    .sort((a, b) => a.d - b.d || a.i - b.i)
    .map((x) => x.l);
}

// One index per listing array: the browse view searches the same array on every keystroke.
const indexes = new WeakMap<readonly Searchable[], Fuse<Searchable>>();

function fuseFor<T extends Searchable>(listings: readonly T[]): Fuse<T> {
  let fuse = indexes.get(listings);
  if (!fuse) {
    fuse = new Fuse<Searchable>(listings, FUSE_OPTIONS);
    indexes.set(listings, fuse);
  }
  return fuse as unknown as Fuse<T>;
}

/**
 * The browse view's result list (spec section 7 + D14): every non-location filter applies; then exact location
 * matches in input order, then typo-tolerant matches by closeness. 'Near Me' with an origin sorts everything by
 * distance instead of matching text.
 */
export function searchListings<T extends Searchable>(
  listings: readonly T[],
  filters: Filters,
  options: { origin?: Coordinates | null } = {},
): T[] {
  const location = filters.location.trim();
  if (isNearMe(location)) {
    const chosen = listings.filter((l) => matchesChoices(l, filters));
    return options.origin ? sortByDistance(chosen, options.origin) : chosen;
  }
  const exact = listings.filter((l) => matchesChoices(l, filters) && matchesExactly(l, location));
  if (location.length < FUZZY_MIN_LENGTH || isZip(location)) return exact;
  const taken = new Set<T>(exact);
  const fuzzy = fuseFor(listings)
    .search(location)
    .map((r) => r.item)
    .filter((l) => !taken.has(l) && matchesChoices(l, filters));
  return [...exact, ...fuzzy];
}

/** Results shown at first and added by each 'Show more' (D15). */
export const PAGE_SIZE = 24;
