import { isNearMe, isZip } from '../location';
import type { Filters, Radius } from '../schemas/filters';

/**
 * The place the results are measured from (D27): the chosen place, else a full 5-digit ZIP typed as the location;
 * '' when neither ('Near Me' is the visitor's own position, never a key).
 */
export function nearOf(filters: Pick<Filters, 'near' | 'location'>): string {
  if (filters.near) return filters.near;
  const typed = filters.location.trim();
  return isZip(typed) ? typed : '';
}

/** True when the results are in distance mode: a chosen place, a full ZIP, or 'Near Me' (D27). */
export function isDistanceMode(filters: Pick<Filters, 'near' | 'location'>): boolean {
  return nearOf(filters) !== '' || isNearMe(filters.location);
}

/** The radius in miles; Infinity for 'any' (not a number). */
export function radiusMiles(radius: Radius): number {
  return Number(radius) || Number.POSITIVE_INFINITY;
}

/** "23 mi away" on a card; "Under 1 mi away" rather than "0 mi away". */
export function formatDistance(miles: number): string {
  return miles < 0.5 ? 'Under 1 mi away' : `${Math.round(miles)} mi away`;
}
