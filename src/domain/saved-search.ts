import type { BrowseListing } from './browse-data';
import { filtersFromParams, filtersToParams } from './filter-params';
import { createFuzzyMatcher } from './fuzzy';
import { ALL_PRICES, ALL_SETTINGS, ALL_STATES, ALL_TYPES } from './lists';
import { isNearMe } from './location';
import { nearOf } from './places/near';
import { DEFAULT_FILTERS, type Filters, hasActiveFilters } from './schemas/filters';
import { type Coordinates, searchListings, wantsFuzzy } from './search';

/**
 * The filters of a saved search as the browse view reads them from its URL. The view (list or map) and the order are
 * not filters: they are dropped, so the same search from the list or the map is one alert.
 */
export function savedFilters(query: string): Filters {
  const filters = filtersFromParams(new URLSearchParams(query));
  return { ...filters, view: DEFAULT_FILTERS.view, sort: DEFAULT_FILTERS.sort };
}

/** The query string an alert stores: the browse URL's own serialisation, so equal searches are equal text. */
export function savedQuery(filters: Filters): string {
  return filtersToParams({ ...filters, view: DEFAULT_FILTERS.view, sort: DEFAULT_FILTERS.sort }).toString();
}

/**
 * Why these filters cannot be saved, or null when they can: a search needs at least one filter (else every new
 * listing matches), and 'Near Me' is the visitor's position at the moment, which an alert cannot follow.
 */
export function unsavableReason(filters: Filters): string | null {
  if (!hasActiveFilters(filters)) return 'Choose at least one filter first: this search shows every listing.';
  if (isNearMe(filters.location))
    return 'A “Near Me” search follows your position and cannot be saved: type a town or ZIP instead.';
  return null;
}

/** The place key a saved search measures from (a chosen place or a typed ZIP), '' when it is not a distance search. */
export const savedNear = (filters: Filters): string => nearOf(filters);

/** "Yurts in Colorado": the search in words, for e-mails and the manage page. */
export function describeSearch(filters: Filters, placeLabel: string | null = null): string {
  const what = filters.accommodationType === ALL_TYPES ? 'Glamping' : filters.accommodationType;
  const parts = [filters.state === ALL_STATES ? what : `${what} in ${filters.state}`];
  const near = nearOf(filters);
  if (near) {
    const miles = filters.radius === 'any' ? '' : ` within ${filters.radius} mi`;
    parts.push(`near ${placeLabel ?? (filters.location.trim() || near)}${miles}`);
  } else if (filters.location.trim()) {
    parts.push(`matching “${filters.location.trim()}”`);
  }
  if (filters.setting !== ALL_SETTINGS) parts.push(filters.setting.toLowerCase());
  if (filters.priceRange !== ALL_PRICES) parts.push(filters.priceRange.toLowerCase());
  if (filters.amenities.length > 0) parts.push(`with ${filters.amenities.join(' or ')}`);
  const facts = [
    filters.pets && 'pets allowed',
    filters.kids && 'good for kids',
    filters.accessible && 'wheelchair accessible',
    filters.sleeps > 0 && `sleeps ${filters.sleeps}+`,
  ].filter((f): f is string => typeof f === 'string');
  parts.push(...facts);
  if (filters.area) parts.push('in the chosen map area');
  return parts.join(', ');
}

/**
 * The listings among `listings` that the browse view would show for these filters (searchListings, with the
 * typo-tolerant matcher where the view uses one, and from `origin` in distance mode). Fuse scores each word on its
 * own, so matching a few new listings gives each the verdict it gets among all of them.
 */
export function matchSavedSearch<T extends BrowseListing>(
  listings: readonly T[],
  filters: Filters,
  origin: Coordinates | null,
): readonly T[] {
  if (listings.length === 0) return [];
  const fuzzy = !origin && wantsFuzzy(filters.location) ? createFuzzyMatcher(listings) : null;
  return searchListings(listings, filters, { origin, fuzzy });
}
