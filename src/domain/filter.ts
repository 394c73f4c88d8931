import { type BrowseFacts, openIn } from './facts';
import { ALL_PRICES, ALL_SETTINGS, ALL_STATES, ALL_TYPES } from './lists';
import type { Locatable } from './location';
import { matchesLocation } from './location-text';
import { inArea } from './map-area';
import type { ListingRating } from './ratings';
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
  /** The facts filters look at; a listing without them stated nothing, so no fact filter keeps it. */
  facts?: BrowseFacts;
  /** Its reviews' average and count; absent or null: no reviews, so the "4+ stars" filter leaves it out. */
  rating?: ListingRating | null;
}

/** The fact filters (D32): each keeps only listings that said yes; not stated is not yes. */
function matchesFacts(f: BrowseFacts | undefined, filters: Filters): boolean {
  const any = filters.open !== '' || filters.pets || filters.kids || filters.accessible || filters.sleeps > 0;
  if (!any) return true;
  if (!f) return false;
  if (filters.open !== '' && !openIn(f, Number(filters.open))) return false;
  if (filters.pets && f.pets !== true) return false;
  if (filters.kids && f.kids !== true) return false;
  if (filters.accessible && f.accessible !== true) return false;
  return f.sleeps >= filters.sleeps;
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
  // --- Map ---
  if (filters.area && !inArea(listing, filters.area)) return false;
  if (filters.rating > 0 && !((listing.rating?.average ?? 0) >= filters.rating)) return false;
  // --- Facts ---
  return matchesFacts(listing.facts, filters);
}

/** Applies the whole filter set (spec section 7, the location rule of D14), keeping the input order. */
export function filterListings<T extends Filterable>(listings: readonly T[], filters: Filters): T[] {
  return listings.filter((l) => matchesChoices(l, filters) && matchesLocation(l, filters.location));
}
