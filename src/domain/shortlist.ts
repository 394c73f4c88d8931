/**
 * The shortlist: listings a visitor saved, kept in their browser only (no account, nothing sent), as a
 * list of slugs, newest saved last. A shared link carries the same list: `/shortlist?l=slug,slug`.
 */

/** A listing slug as the site makes them (./slug.ts): lower-case words joined by hyphens. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** More than anyone compares; a longer stored or shared list keeps its first ones. */
export const MAX_SAVED = 60;
/** Listings side by side in the compare table. */
export const MAX_COMPARE = 4;

/** Slugs from stored JSON or a shared link's `l` parameter: well-formed ones only, once each, at most MAX_SAVED. */
export function parseSlugs(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  const slugs = items.filter((s): s is string => typeof s === 'string' && s.length <= 200 && SLUG.test(s));
  return [...new Set(slugs)].slice(0, MAX_SAVED);
}

/** The list with `slug` added (at the end) or, when already there, removed. */
export function toggled(list: readonly string[], slug: string): string[] {
  return list.includes(slug) ? list.filter((s) => s !== slug) : parseSlugs([...list, slug]);
}

/** The list with every one of `slugs` it lacks added, in their order. */
export function withAll(list: readonly string[], slugs: readonly string[]): string[] {
  return parseSlugs([...list, ...slugs]);
}

/** The path that opens this list for anyone (slugs need no escaping: SLUG). */
export function sharePath(slugs: readonly string[]): string {
  return `/shortlist?l=${slugs.join(',')}`;
}

/** The tooltip of a card's heart, which says what pressing it does. */
export const saveTitle = (saved: boolean) => (saved ? 'Saved to your shortlist' : 'Save to your shortlist');
