/**
 * Insights (D35, docs/insights.md): what the public pages count and how a search text is normalized before it is
 * counted; the figures owners and staff see are worked out in ./insights-figures.ts. Counts only: nothing here knows
 * a person.
 */

import { isNearMe } from './location';
import { nearOf } from './places/near';
import { DEFAULT_FILTERS, type Filters } from './schemas/filters';

/** Events about one listing, as the counting function knows them (supabase/migrations/20261126090000_listing_insights.sql). */
export const LISTING_EVENTS = [
  'view',
  'dialog',
  'call',
  'website',
  'directions',
  'email',
  'shortlist',
  'share',
] as const;
export type ListingEvent = (typeof LISTING_EVENTS)[number];

/** Searches that found nothing: a typed text, or a place searched by distance with nothing within the radius. */
export const SEARCH_EVENTS = ['text', 'place'] as const;
export type SearchEvent = (typeof SEARCH_EVENTS)[number];

/** Longest search text counted; longer ones are cut at a word. */
export const MAX_SEARCH_TEXT = 80;

/**
 * A typed search as it is counted: lower case, spaces collapsed, ends trimmed, cut to 80 characters; null when it
 * could be a person's data rather than a place (an e-mail address, a run of 6 or more digits such as a phone) or is
 * empty. 5-digit ZIP codes stay: they are places.
 */
export function normalizeSearch(text: string): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes.
  const cleaned = text.normalize('NFKC').replace(/[\u0000-\u001f\u007f]/g, ' ');
  const squeezed = cleaned.toLowerCase().replace(/\s+/g, ' ').trim();
  if (!squeezed || squeezed.includes('@') || /\d{6,}/.test(squeezed.replace(/[\s().-]/g, ''))) return null;
  if (squeezed.length <= MAX_SEARCH_TEXT) return squeezed;
  const cut = squeezed.slice(0, MAX_SEARCH_TEXT);
  return cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : MAX_SEARCH_TEXT).trim();
}

/** One event as the browser sends it. */
export type InsightEvent =
  | { kind: ListingEvent; listing: string }
  | { kind: 'text'; query: string }
  | { kind: 'place'; query: string; radius: number };

/** Filters other than the place and text left at their defaults: a miss then says the place has nothing. */
function onlyWhere(filters: Filters): boolean {
  const keys = [
    'state',
    'accommodationType',
    'setting',
    'priceRange',
    'area',
    'open',
    'pets',
    'kids',
    'accessible',
  ];
  return (
    filters.amenities.length === 0 &&
    filters.sleeps === 0 &&
    keys.every((k) => filters[k as keyof Filters] === DEFAULT_FILTERS[k as keyof Filters])
  );
}

/**
 * The no-result event of a settled browse view with no result, or null: only when the text or the place is the only
 * thing searched (with other filters the empty page says little about the place), never for Near Me (the
 * visitor's own position is never sent).
 */
export function noResultEvent(filters: Filters): InsightEvent | null {
  if (!onlyWhere(filters) || isNearMe(filters.location)) return null;
  const near = nearOf(filters);
  if (near) {
    const radius = Number(filters.radius);
    return Number.isFinite(radius) ? { kind: 'place', query: near, radius } : null;
  }
  const query = normalizeSearch(filters.location);
  return query ? { kind: 'text', query } : null;
}
