/**
 * The figures owners see (D35): totals of a period beside the previous one and the median of comparable listings,
 * a series per day for the chart, and the badge an owner may embed. Pure: the server hands in the counts.
 */
import { LISTING_EVENTS, type ListingEvent, type SearchEvent } from './insights';
import { SITE_NAME } from './lists';
import { listingPath } from './slug';

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

/** The site's events of one day. */
export interface SiteDay {
  day: string;
  views: number;
  dialogs: number;
  contacts: number;
}

export interface ListingTotal {
  slug: string;
  property_name: string;
  n: number;
}

export interface SearchMiss {
  kind: SearchEvent;
  query: string;
  radius: number;
  n: number;
}

/** The console's Insights of one month. */
export interface SiteInsights {
  month: string;
  from: string;
  to: string;
  days: SiteDay[];
  mostViewed: ListingTotal[];
  mostContacted: ListingTotal[];
  misses: Array<SearchMiss & { link: string }>;
}

export interface OwnerPeriod {
  days: number;
  from: string;
  to: string;
  /** Views per day, then dialog opens and contact actions (calls, website, directions) per day. */
  series: Array<{ day: string; views: number; dialogs: number; contacts: number }>;
  figures: Array<{
    kind: OwnerFigure;
    total: number;
    previous: number;
    change: string;
    /** The median of the other listings of the state; null when too few to show one. */
    median: number | null;
  }>;
}

/** One listing as its owner sees it on /owner. */
export interface OwnerListingInsights {
  slug: string;
  property_name: string;
  verified_at: string | null;
  renewal: 'current' | 'due' | 'asked' | 'staff';
  open_reports: number;
  /** Null until reviews exist. */
  rating: number | null;
  periods: OwnerPeriod[];
  badge: { url: string; snippet: string } | null;
}

/** The two periods an owner sees. */
export const OWNER_PERIODS = [30, 90] as const;

/** Days of counts the periods and their previous ones need, ending today. */
export const OWNER_HISTORY_DAYS = 2 * Math.max(...OWNER_PERIODS);

const sum = (
  counts: ReadonlyArray<{ day: string; kind: string; n: number }>,
  kind: string,
  from: string,
  to: string,
) => counts.filter((c) => c.kind === kind && c.day >= from && c.day <= to).reduce((s, c) => s + c.n, 0);

/** One period of a listing's figures from its counts (a superset of days is fine). */
export function ownerPeriod(
  counts: ReadonlyArray<{ day: string; kind: ListingEvent; n: number }>,
  today: string,
  days: number,
  medians: Partial<Record<ListingEvent, number | null>>,
): OwnerPeriod {
  const p = period(today, days);
  const ofKinds = (kinds: readonly string[]) =>
    dailySeries(
      counts.filter((c) => kinds.includes(c.kind)),
      p.from,
      p.to,
    );
  const views = ofKinds(['view']);
  const dialogs = ofKinds(['dialog']);
  const contacts = ofKinds(['call', 'website', 'directions', 'email']);
  return {
    days,
    from: p.from,
    to: p.to,
    series: views.map((v, i) => ({
      day: v.day,
      views: v.n,
      dialogs: dialogs[i]?.n ?? 0,
      contacts: contacts[i]?.n ?? 0,
    })),
    figures: OWNER_FIGURES.map((kind) => {
      const total = sum(counts, kind, p.from, p.to);
      const previous = sum(counts, kind, p.previousFrom, p.previousTo);
      return { kind, total, previous, change: changeLabel(total, previous), median: medians[kind] ?? null };
    }),
  };
}

/** The first day counted for an owner's figures today. */
export const ownerHistoryStart = (today: string) => addDays(today, -(OWNER_HISTORY_DAYS - 1));

// --- The badge ---

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The badge's words: "Verified on Glamping Directory USA, March 2026" (and the rating, once reviews exist). */
export function badgeText(verifiedAt: string, rating?: number | null): string {
  const base = `Verified on ${SITE_NAME}, ${monthYear(verifiedAt)}`;
  return rating ? `${base} · Rated ${rating.toFixed(1)} of 5` : base;
}

/** A width that fits the text in the badge's font size (an estimate per character: no font metrics here). */
const BADGE_HEIGHT = 28;
export const badgeWidth = (text: string) => Math.ceil(text.length * 6.6) + 40;

/** The badge as a self-contained SVG: no script, no external reference, nothing that could track. */
export function badgeSvg(verifiedAt: string, rating?: number | null): string {
  const text = badgeText(verifiedAt, rating);
  const width = badgeWidth(text);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${BADGE_HEIGHT}" viewBox="0 0 ${width} ${BADGE_HEIGHT}" role="img" aria-label="${xml(text)}"><title>${xml(text)}</title><rect width="${width}" height="${BADGE_HEIGHT}" rx="6" fill="#065f46"/><path d="M12 14.5l3 3 6-7" fill="none" stroke="#fff" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/><text x="30" y="18.5" fill="#fff" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-size="12" font-weight="600">${xml(text)}</text></svg>`;
}

/** The neutral badge of a listing that is not public: names the directory only, never the listing. */
export function neutralBadgeSvg(): string {
  const text = SITE_NAME;
  const width = badgeWidth(text);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${BADGE_HEIGHT}" viewBox="0 0 ${width} ${BADGE_HEIGHT}" role="img" aria-label="${xml(text)}"><title>${xml(text)}</title><rect width="${width}" height="${BADGE_HEIGHT}" rx="6" fill="#57534e"/><text x="14" y="18.5" fill="#fff" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-size="12" font-weight="600">${xml(text)}</text></svg>`;
}

/** The HTML an owner pastes on their own site: the badge linking to the listing page. */
export function badgeSnippet(site: string, slug: string, verifiedAt: string): string {
  const text = badgeText(verifiedAt);
  return `<a href="${xml(`${site}${listingPath(slug)}`)}"><img src="${xml(`${site}/badge/${slug}.svg`)}" alt="${xml(text)}" width="${badgeWidth(text)}" height="${BADGE_HEIGHT}"></a>`;
}
