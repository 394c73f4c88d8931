import { SLEEPS_OPTIONS } from '../facts';
import {
  ACCOMMODATION_TYPES,
  type AccommodationType,
  ALL_PRICES,
  ALL_SETTINGS,
  ALL_STATES,
  ALL_TYPES,
  AMENITIES,
  PRICE_RANGE_VALUES,
  type PriceRange,
  SETTING_TYPES,
  type SettingType,
  US_STATES,
  type UsState,
} from '../lists';
import { normalizeArea } from '../map-area';
import { NEAR_KEY } from '../places/near-key';
import { HIGH_RATING } from '../ratings';

// --- Map: how results are shown, and the map's area ---
/** Results as a list (default) or on a map. */
export const VIEWS = ['list', 'map'] as const;
export type ResultsView = (typeof VIEWS)[number];

/** Longest location text kept from a URL or the search box: longer input is cut, never echoed whole. */
export const MAX_LOCATION = 100;

// --- Places: the place searched near and how far around it. ---
/** Radius choices in miles ('any': no limit); the default leaves `radius` out of the URL. */
export const RADIUS_OPTIONS = ['25', '50', '100', '250', 'any'] as const;
export type Radius = (typeof RADIUS_OPTIONS)[number];
export const DEFAULT_RADIUS: Radius = '100';
// --- end Places ---

// --- Sort ---
/**
 * Result orders. '' is the spec's order (verified listings newest first), or nearest first in distance mode; it is
 * the default and stays out of the URL. Sorting never changes which listings match (comparators: ../sort.ts).
 */
export const SORTS = [
  '',
  'recommended',
  'rating',
  'newest',
  'price-asc',
  'price-desc',
  'name',
  'distance',
] as const;
export type Sort = (typeof SORTS)[number];

/** The orders a visitor can choose; 'distance' only once there is something to measure from (a place, Near Me). */
export function sortOptions(distanceMode: boolean): Sort[] {
  return SORTS.filter((s) => s !== 'distance' || distanceMode);
}
// --- end Sort ---

/** The filter set (spec section 3). */
export interface Filters {
  location: string;
  state: UsState | typeof ALL_STATES;
  accommodationType: AccommodationType | typeof ALL_TYPES;
  setting: SettingType | typeof ALL_SETTINGS;
  /** Known amenities only, without repeats, in the order chosen. */
  amenities: string[];
  priceRange: PriceRange | typeof ALL_PRICES;
  // --- Map ---
  /** Results as a list or on a map: not a filter of the results, but part of the view a URL restores. */
  view: ResultsView;
  /** Only listings inside this box ('Search this area'): 'south,west,north,east' (../map-area.ts), '' anywhere. */
  area: string;
  // --- Places ---
  /** The chosen place (D27): a 5-digit ZIP or a town key ('asheville-nc'); '' when none was chosen. */
  near: string;
  radius: Radius;
  // --- end Places ---
  // --- Sort ---
  /** The results' order (../sort.ts): not a filter, it changes neither which listings match nor the count. */
  sort: Sort;
  // --- end Sort ---
  // --- Facts ---
  /** Open in this month ('1'-'12'), '' any time. */
  open: string;
  /** Only listings that said yes (D32: not stated is not yes). */
  pets: boolean;
  kids: boolean;
  accessible: boolean;
  /** Sleeps at least this many (one of SLEEPS_OPTIONS); 0 any. */
  sleeps: number;
  /** Reviews (docs/reviews.md): only listings whose average is at least this ("4+ stars"); 0 any. */
  rating: number;
}

const oneOf = <T extends string, A extends string>(values: readonly T[], all: A, value: unknown): T | A =>
  typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : all;

const field = (input: unknown, key: keyof Filters): unknown =>
  typeof input === 'object' && input !== null ? (input as Record<string, unknown>)[key] : undefined;

/** A well-formed `near` key, else '' (a malformed one is never echoed). */
const nearValue = (value: unknown): string => {
  const key = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return NEAR_KEY.test(key) ? key : '';
};

/** True only for true itself or its URL spelling; anything else is the default (off). */
const onlyTrue = (value: unknown) => value === true || value === 'true' || value === '1';
const MONTH_VALUES = Array.from({ length: 12 }, (_, i) => String(i + 1));
const sleepsValue = (value: unknown) => {
  const n = Number(value);
  return (SLEEPS_OPTIONS as readonly number[]).includes(n) ? n : 0;
};

/** Any input to a valid filter set: unknown values fall back to "all", so a bad URL never breaks the page. */
export function normalizeFilters(input: unknown): Filters {
  const location = field(input, 'location');
  const amenities = field(input, 'amenities');
  const known = AMENITIES as readonly string[];
  return {
    // Only leading space goes: a space typed between or after words must stay while the visitor types ("Big Sur").
    // Matching ignores the ends (filter.ts, search.ts); the URL gets the trimmed text (filter-params.ts).
    location: typeof location === 'string' ? location.trimStart().slice(0, MAX_LOCATION) : '',
    state: oneOf(US_STATES, ALL_STATES, field(input, 'state')),
    accommodationType: oneOf(ACCOMMODATION_TYPES, ALL_TYPES, field(input, 'accommodationType')),
    setting: oneOf(SETTING_TYPES, ALL_SETTINGS, field(input, 'setting')),
    amenities:
      Array.isArray(amenities) && amenities.every((a) => typeof a === 'string')
        ? [...new Set(amenities.filter((a) => known.includes(a)))]
        : [],
    priceRange: oneOf(PRICE_RANGE_VALUES, ALL_PRICES, field(input, 'priceRange')),
    // --- Map ---
    view: oneOf(VIEWS, 'list', field(input, 'view')),
    area: normalizeArea(field(input, 'area')),
    // --- Places ---
    near: nearValue(field(input, 'near')),
    radius: oneOf(RADIUS_OPTIONS, DEFAULT_RADIUS, field(input, 'radius')),
    // --- end Places ---
    // --- Sort ---
    sort: oneOf(SORTS, '', field(input, 'sort')),
    // --- end Sort ---
    // --- Facts ---
    open: oneOf(MONTH_VALUES, '', String(field(input, 'open') ?? '')),
    pets: onlyTrue(field(input, 'pets')),
    kids: onlyTrue(field(input, 'kids')),
    accessible: onlyTrue(field(input, 'accessible')),
    sleeps: sleepsValue(field(input, 'sleeps')),
    rating: String(field(input, 'rating') ?? '') === String(HIGH_RATING) ? HIGH_RATING : 0,
  };
}

/**
 * The filter set's schema, with the `parse` of the zod schemas beside it but written without zod: it runs in the
 * browse island on every change, and zod would more than double that island's JavaScript (the first-load budget, docs/performance.md).
 */
export const filtersSchema = { parse: normalizeFilters } as const;

export const DEFAULT_FILTERS: Filters = normalizeFilters({});

/**
 * What a filter set changes from the defaults; normalizeFilters makes the whole set again. A page's browse island
 * gets its preset so: the whole set in the props was about 1 KB of every browse page (docs/performance.md).
 */
export function changedFilters(filters: Filters): Partial<Filters> {
  return Object.fromEntries(
    Object.entries(filters).filter(
      ([key, value]) => JSON.stringify(value) !== JSON.stringify(DEFAULT_FILTERS[key as keyof Filters]),
    ),
  );
}

/** True when two filter sets are the same; both normalised, so their keys come in the same order. */
export function sameFilters(a: Filters, b: Filters): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** True when two filter sets select the same results, whichever view (list or map) shows them. */
export function sameResults(a: Filters, b: Filters): boolean {
  return sameFilters({ ...a, view: b.view }, b);
}

/** True when two filter sets match the same listings, whatever their order (the count line's business). */
export function sameMatches(a: Filters, b: Filters): boolean {
  return sameResults({ ...a, sort: b.sort }, b);
}

/** Not counted on the phone's 'Filters (N)' button: the location is beside it, the rest are not filters. */
const UNCOUNTED: ReadonlySet<keyof Filters> = new Set(['location', 'near', 'view', 'area', 'sort']);

/**
 * How many filters of the panel are set ('Filters (N)' on a phone): each chosen amenity counts, and
 * every other field that differs from its default.
 */
export function panelFilterCount(filters: Filters): number {
  let count = 0;
  for (const key of Object.keys(filters) as Array<keyof Filters>) {
    if (UNCOUNTED.has(key)) continue;
    if (key === 'amenities') count += filters.amenities.length;
    else if (filters[key] !== DEFAULT_FILTERS[key]) count += 1;
  }
  return count;
}

/**
 * True when any filter differs from its default (the spec's condition for showing 'Clear All'); neither the view
 * nor the sort is a filter.
 */
export function hasActiveFilters(filters: Filters): boolean {
  return !sameMatches(filters, DEFAULT_FILTERS);
}
