/**
 * The figures owners see (D35): totals of a period beside the previous one and the median of comparable listings,
 * a series per day for the chart, and the badge an owner may embed. Pure: the server hands in the counts.
 */
import {
  addDays,
  changeLabel,
  dailySeries,
  type ListingEvent,
  monthYear,
  OWNER_FIGURES,
  type OwnerFigure,
  period,
  type SearchEvent,
} from './insights';
import { SITE_NAME } from './lists';
import { listingPath } from './slug';

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
