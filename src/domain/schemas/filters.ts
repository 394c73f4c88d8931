import { z } from 'zod';
import {
  ACCOMMODATION_TYPES,
  ALL_PRICES,
  ALL_SETTINGS,
  ALL_STATES,
  ALL_TYPES,
  AMENITIES,
  PRICE_RANGE_VALUES,
  SETTING_TYPES,
  US_STATES,
} from '../lists';

/** Longest location text kept from a URL or the search box: longer input is cut, never echoed whole. */
export const MAX_LOCATION = 100;

const choice = <T extends readonly [string, ...string[]]>(values: T, all: string) =>
  z.union([z.literal(all), z.enum(values)]).catch(all);

/** The filter set (spec section 3). Unknown values fall back to "all": a bad URL never breaks the page. */
export const filtersSchema = z.object({
  location: z
    .string()
    .catch('')
    .transform((v) => v.trim().slice(0, MAX_LOCATION)),
  state: choice(US_STATES, ALL_STATES),
  accommodationType: choice(ACCOMMODATION_TYPES, ALL_TYPES),
  setting: choice(SETTING_TYPES, ALL_SETTINGS),
  amenities: z
    .array(z.string())
    .catch([])
    .transform((list) => [...new Set(list.filter((a) => (AMENITIES as readonly string[]).includes(a)))]),
  priceRange: choice(PRICE_RANGE_VALUES, ALL_PRICES),
});
export type Filters = z.output<typeof filtersSchema>;

export const DEFAULT_FILTERS: Filters = filtersSchema.parse({});

/** True when any filter differs from its default (the spec's condition for showing 'Clear All'). */
export function hasActiveFilters(filters: Filters): boolean {
  return (
    filters.location !== '' ||
    filters.state !== ALL_STATES ||
    filters.accommodationType !== ALL_TYPES ||
    filters.setting !== ALL_SETTINGS ||
    filters.priceRange !== ALL_PRICES ||
    filters.amenities.length > 0
  );
}
