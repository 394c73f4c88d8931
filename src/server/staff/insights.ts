/**
 * The console's Insights (D35, docs/insights.md): the site's visits per day in a month, the month's most viewed and
 * most contacted listings, and the searches and places with no results, most frequent first, each with the link that
 * opens it as a traveler would; the same figures as CSV. Read-only staff actions.
 */
import { stringify } from 'csv-stringify/sync';
import { neutralizeCell } from '../../data/csv';
import type { InsightsStore } from '../../data/insights-store';
import type { SearchMiss, SiteDay, SiteInsights } from '../../domain/insights-figures';
import { addDays, CONTACT_EVENTS, dailySeries, dayKey } from '../../domain/insights-figures';
import { listingPath } from '../../domain/slug';

/** Most listings and searches a list shows. */
export const INSIGHTS_LIMIT = 20;

/** The browse URL that repeats a search as a traveler typed it (text), or chose it (a place and a radius). */
export function missLink(miss: Pick<SearchMiss, 'kind' | 'query' | 'radius'>): string {
  const params = new URLSearchParams(
    miss.kind === 'text' ? { search: miss.query } : { near: miss.query, radius: String(miss.radius) },
  );
  return `/browse?${params}`;
}

/** A month's first and last day ('YYYY-MM' given, else today's month), the last no later than today. */
export function monthRange(monthKey: string | undefined, now: Date) {
  const today = dayKey(now);
  const key = monthKey ?? today.slice(0, 7);
  const from = `${key}-01`;
  const last = addDays(`${addDays(from, 32).slice(0, 7)}-01`, -1);
  // The month's last day, or today for the current month ('YYYY-MM-DD' sorts as dates do).
  const [to = today] = [last, today].sort();
  return { month: key, from, to };
}

export async function siteInsights(store: InsightsStore, monthKey: string | undefined, now: Date) {
  const { month: key, from, to } = monthRange(monthKey, now);
  const rows = to >= from ? await store.siteDays(from, to) : [];
  const series = (pick: (d: SiteDay) => number) =>
    dailySeries(
      rows.map((r) => ({ day: r.day, n: pick(r) })),
      from,
      to,
    );
  const views = series((d) => d.views);
  const dialogs = series((d) => d.dialogs);
  const contacts = series((d) => d.contacts);
  const result: SiteInsights = {
    month: key,
    from,
    to,
    days: views.map((v, i) => ({
      day: v.day,
      views: v.n,
      dialogs: dialogs[i]?.n ?? 0,
      contacts: contacts[i]?.n ?? 0,
    })),
    mostViewed: await store.topListings(['view', 'dialog'], from, to, INSIGHTS_LIMIT),
    mostContacted: await store.topListings(CONTACT_EVENTS, from, to, INSIGHTS_LIMIT),
    misses: (await store.searchMisses(from, to, INSIGHTS_LIMIT)).map((m) => ({ ...m, link: missLink(m) })),
  };
  return result;
}

/** The figures as one CSV: a section column says which list each row belongs to; text cells neutralised (D26). */
export function insightsCsv(i: SiteInsights, site: string): string {
  const rows: string[][] = [['section', 'day', 'name', 'detail', 'count', 'link']];
  for (const d of i.days) {
    rows.push(['visits', d.day, 'page views', '', String(d.views), '']);
    rows.push(['visits', d.day, 'dialog opens', '', String(d.dialogs), '']);
    rows.push(['visits', d.day, 'contact actions', '', String(d.contacts), '']);
  }
  for (const l of i.mostViewed)
    rows.push(['most viewed', '', l.property_name, l.slug, String(l.n), `${site}${listingPath(l.slug)}`]);
  for (const l of i.mostContacted)
    rows.push(['most contacted', '', l.property_name, l.slug, String(l.n), `${site}${listingPath(l.slug)}`]);
  for (const m of i.misses)
    rows.push([
      m.kind === 'text' ? 'search without results' : 'place without results',
      '',
      m.query,
      m.kind === 'place' ? `within ${m.radius} mi` : '',
      String(m.n),
      `${site}${m.link}`,
    ]);
  return stringify(rows.map((r) => r.map(neutralizeCell)));
}
