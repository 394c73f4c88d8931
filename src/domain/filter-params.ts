import { DEFAULT_FILTERS, type Filters, filtersSchema } from './schemas/filters';

/**
 * Query parameter of each filter (spec: search, state, type, setting; D13 adds price and amenities). The query
 * string is the filter store written down: `filtersToParams` writes it and `filtersFromParams` reads it.
 */
export const FILTER_PARAMS = {
  location: 'search',
  state: 'state',
  accommodationType: 'type',
  setting: 'setting',
  priceRange: 'price',
  amenities: 'amenities',
  // --- Map ---
  view: 'view',
  area: 'area',
  // Places
  near: 'near',
  radius: 'radius',
  // --- Sort ---
  sort: 'sort',
  // --- Facts ---
  open: 'open',
  pets: 'pets',
  kids: 'kids',
  accessible: 'accessible',
  sleeps: 'sleeps',
  rating: 'rating',
} as const satisfies Record<keyof Filters, string>;

/** Longest query value read at all; the schema then cuts location shorter. */
const MAX_PARAM = 2000;

/**
 * Filters from a query string over a page's preset: a present parameter wins, a missing one keeps the preset,
 * an unknown value falls back to the default (never an error, never echoed).
 */
export function filtersFromParams(params: URLSearchParams, preset: Filters = DEFAULT_FILTERS): Filters {
  const input: Record<string, unknown> = { ...preset };
  for (const [field, key] of Object.entries(FILTER_PARAMS)) {
    const value = params.get(key)?.slice(0, MAX_PARAM);
    if (value === undefined) continue;
    input[field] = field === 'amenities' ? value.split(',').map((a) => a.trim()) : value.trim();
  }
  return filtersSchema.parse(input);
}

/** Query parameters for the filters that differ from the page's preset, in a stable order. */
export function filtersToParams(filters: Filters, preset: Filters = DEFAULT_FILTERS): URLSearchParams {
  const params = new URLSearchParams();
  for (const [field, key] of Object.entries(FILTER_PARAMS) as Array<[keyof Filters, string]>) {
    // String() of the amenities joins them with commas; the location is written trimmed.
    const text = String(filters[field]).trim();
    if (text !== String(preset[field])) params.set(key, text);
  }
  return params;
}
