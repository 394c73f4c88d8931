/**
 * Insights (D35, docs/insights.md): what the public pages count, how a search text is normalized before it is
 * counted, and the arithmetic of the figures owners and staff see. Counts only: nothing here knows a person.
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

/** The figures an owner sees, in the events' order, with their labels: every listing event but the e-mail clicks. */
export type OwnerFigure = Exclude<ListingEvent, 'email'>;
export const OWNER_FIGURES: readonly OwnerFigure[] = LISTING_EVENTS.filter(
  (e): e is OwnerFigure => e !== 'email',
);
export const FIGURE_LABELS: Record<ListingEvent, string> = {
  view: 'Page views',
  dialog: 'Dialog opens',
  call: 'Calls',
  website: 'Website clicks',
  directions: 'Directions clicks',
  email: 'E-mails',
  shortlist: 'Shortlist adds',
  share: 'Shares',
};

/** Contact actions: what "most contacted" adds up. */
export const CONTACT_EVENTS: readonly ListingEvent[] = ['call', 'website', 'directions', 'email'];

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

// --- Periods and figures ---

/** A day as 'YYYY-MM-DD' (UTC), the counts' day. */
export const dayKey = (date: Date): string => date.toISOString().slice(0, 10);

/** The day `n` days after `day` ('YYYY-MM-DD'). */
export function addDays(day: string, n: number): string {
  return dayKey(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000));
}

/** The last `days` days up to and including `today`, and the same length just before. */
export function period(today: string, days: number) {
  const from = addDays(today, -(days - 1));
  return { from, to: today, previousFrom: addDays(from, -days), previousTo: addDays(from, -1) };
}

/** Change against the previous period in percent (rounded), or null when there was nothing to compare with. */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

/** "+12%", "-5%", "new" (nothing before, something now), "no change". */
export function changeLabel(current: number, previous: number): string {
  const change = changePercent(current, previous);
  if (change === null) return current > 0 ? 'new' : 'no change';
  if (change === 0) return 'no change';
  return `${change > 0 ? '+' : ''}${change}%`;
}

/** A count per day for every day from `from` to `to`, zeros where nothing was counted. */
export function dailySeries(
  counts: ReadonlyArray<{ day: string; n: number }>,
  from: string,
  to: string,
): Array<{ day: string; n: number }> {
  const byDay = new Map<string, number>();
  for (const c of counts) byDay.set(c.day, (byDay.get(c.day) ?? 0) + c.n);
  const series: Array<{ day: string; n: number }> = [];
  for (let day = from; day <= to; day = addDays(day, 1)) series.push({ day, n: byDay.get(day) ?? 0 });
  return series;
}

/** The median of some numbers (the mean of the middle two for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/**
 * Fewest other listings a median is taken over: with fewer, an owner who knows their own figure could work out a
 * neighbour's (D35: never another listing's numbers).
 */
export const MIN_PEERS = 5;

/** "Mar 2026" style month of a date. */
export function monthYear(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}
