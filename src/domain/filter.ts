import { ALL_PRICES, ALL_SETTINGS, ALL_STATES, ALL_TYPES } from './lists';
import { type Locatable, matchesLocation } from './location';
import { inArea } from './map-area';
import type { Filters } from './schemas/filters';

/** The listing fields the filters look at; the build's lean browse records carry at least these. */
export interface Filterable extends Locatable {
  accommodation_type: string;
  setting_type: string;
  price_range: string | null;
  amenities: readonly string[];
  /** Where the listing is: the map's area filter needs it (a listing without it is in no area). */
  latitude?: number;
  longitude?: number;
}

/** Every filter except location, with the spec's "all" sentinels and "any of the chosen amenities". */
export function matchesChoices(listing: Filterable, filters: Filters): boolean {
  if (filters.state !== ALL_STATES && listing.state !== filters.state) return false;
  if (filters.accommodationType !== ALL_TYPES && listing.accommodation_type !== filters.accommodationType)
    return false;
  if (filters.setting !== ALL_SETTINGS && listing.setting_type !== filters.setting) return false;
  if (filters.priceRange !== ALL_PRICES && listing.price_range !== filters.priceRange) return false;
  if (filters.amenities.length > 0 && !filters.amenities.some((a) => listing.amenities.includes(a)))
    return false;
  // --- Map (issue 17) ---
  if (filters.area && !inArea(listing, filters.area)) return false;
  return true;
}

/** Applies the whole filter set (spec section 7, the location rule of D14), keeping the input order. */
export function filterListings<T extends Filterable>(listings: readonly T[], filters: Filters): T[] {
  return listings.filter((l) => matchesChoices(l, filters) && matchesLocation(l, filters.location));
}
