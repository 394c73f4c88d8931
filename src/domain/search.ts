import { type Filterable, matchesChoices } from './filter';
import { isNearMe, isZip } from './location';
import { locationTest, locationTexts } from './location-text';
import { radiusMiles } from './places/near';
import type { Filters } from './schemas/filters';

export { isNearMe };

/** What location search needs beyond the filter fields (D14). */
export interface Searchable extends Filterable {
  latitude: number;
  longitude: number;
}

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/**
 * Typo-tolerant matches for a location text: positions in the listing array, closest first. Built by
 * `createFuzzyMatcher` (./fuzzy.ts), which the browse island loads only when it is needed.
 */
export type FuzzyMatcher = (location: string) => readonly number[];

/** Fuzzy matching only starts at this many characters: shorter text matches almost everything. */
export const FUZZY_MIN_LENGTH = 3;

export { PAGE_SIZE } from './paging';

/** True when a location text also gets typo-tolerant matches (not short, not a ZIP, not 'Near Me'). */
export function wantsFuzzy(location: string): boolean {
  const text = location.trim();
  return text.length >= FUZZY_MIN_LENGTH && !isZip(text) && !isNearMe(text);
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

const KM_PER_MILE = 1.609344;

/** Great-circle distance in miles. */
export function distanceMiles(a: Coordinates, b: Coordinates): number {
  return distanceKm(a, b) / KM_PER_MILE;
}

/** A copy sorted nearest first, only those within `maxMiles`; equal distances keep their order. */
export function sortByDistance<T extends Coordinates>(
  listings: readonly T[],
  origin: Coordinates,
  maxMiles = Number.POSITIVE_INFINITY,
): T[] {
  const near: Array<{ l: T; i: number; d: number }> = [];
  listings.forEach((l, i) => {
    const d = distanceMiles(origin, l);
    if (d <= maxMiles) near.push({ l, i, d });
  });
  return near.sort((a, b) => a.d - b.d || a.i - b.i).map((x) => x.l);
}

/**
 * The browse view's result list (spec section 7 + D14, D27). Every non-location filter applies first (cheap,
 * exact). In distance mode (`origin` given: the chosen place, a typed ZIP or the visitor's position), the listings
 * within the radius, nearest first, whatever the text says. Otherwise exact location matches in input order, then,
 * when a fuzzy matcher is given, typo-tolerant matches by closeness; 'Near Me' waiting for a position matches all.
 */
export function searchListings<T extends Searchable>(
  listings: readonly T[],
  filters: Filters,
  options: { origin?: Coordinates | null; fuzzy?: FuzzyMatcher | null } = {},
): T[] {
  const location = filters.location.trim();
  if (options.origin) {
    const chosen = listings.filter((l) => matchesChoices(l, filters));
    return sortByDistance(chosen, options.origin, radiusMiles(filters.radius));
  }
  if (isNearMe(location)) return listings.filter((l) => matchesChoices(l, filters));
  const matches = locationTest(location);
  const texts = locationTexts(listings);
  const exact: T[] = [];
  const chosen = new Uint8Array(listings.length);
  listings.forEach((l, i) => {
    if (!matchesChoices(l, filters)) return;
    if (!matches || matches(l, texts[i]!)) exact.push(l);
    else chosen[i] = 1;
  });
  if (!options.fuzzy || !wantsFuzzy(location)) return exact;
  // `chosen` marks listings that pass the other filters but matched no exact rule: only they can be added.
  const fuzzy: T[] = [];
  for (const i of options.fuzzy(location)) {
    if (chosen[i] !== 1) continue;
    chosen[i] = 0;
    fuzzy.push(listings[i]!);
  }
  return [...exact, ...fuzzy];
}
