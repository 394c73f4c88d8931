import { getCollection } from 'astro:content';
import { type BrowseListing, toBrowseListing } from '../domain/browse-data';
import type { Listing } from '../domain/schemas/listing';

// One build renders ~130 pages that need the whole list (10,000 listings and more): read, sort and shape it once per
// build, not once per page. (A build loads this module afresh; the dev server re-evaluates it when content changes.)
let sorted: Promise<Listing[]> | null = null;
let browse: Promise<BrowseListing[]> | null = null;

/** Every verified listing of this build, newest first (spec section 7, call 1's order). */
export function allListings(): Promise<Listing[]> {
  if (import.meta.env.DEV) return readListings();
  sorted ??= readListings();
  return sorted;
}

/** The same listings in the lean shape the browse view filters (D1), once per build. */
export function allBrowseListings(): Promise<BrowseListing[]> {
  if (import.meta.env.DEV) return allListings().then((all) => all.map(toBrowseListing));
  browse ??= allListings().then((all) => all.map(toBrowseListing));
  return browse;
}

let placeholders: Promise<Map<string, string>> | null = null;

/** Each verified listing's cover placeholder (a tiny blurred image), by slug, once per build: cards a page renders. */
export function coverPlaceholders(): Promise<Map<string, string>> {
  const read = () =>
    allListings().then(
      (all) => new Map(all.flatMap((l) => (l.photos[0] ? [[l.slug, l.photos[0].placeholder] as const] : []))),
    );
  if (import.meta.env.DEV) return read();
  placeholders ??= read();
  return placeholders;
}

/**
 * What a listing's own pages render from: it changes whenever the row does (updated_at is set by a trigger), so an
 * incremental build re-renders exactly the pages of changed listings (experimental.incrementalBuild).
 */
export function listingCacheKey(listing: Listing): string {
  return `${listing.id}@${listing.updated_at}`;
}

/** One static path per verified listing, keyed for incremental builds: a listing page's getStaticPaths. */
export async function listingPaths() {
  return (await allListings()).map((listing) => ({
    params: { slug: listing.slug },
    props: { listing },
    cacheKey: listingCacheKey(listing),
  }));
}

async function readListings(): Promise<Listing[]> {
  const entries = await getCollection('listings');
  return entries
    .map((e) => e.data)
    .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
}
