import { getCollection } from 'astro:content';
import { digest, keyedPaths } from '../build/partial-build';
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
 * The key of a page that shows a group of listings (a state's or a type's landing pages): the digest of every
 * listing of the group, in order, so any change to one of them, or to the group, renders the group's pages again
 * (src/build/partial-build.ts).
 */
export function groupKey(listings: readonly Listing[]): string {
  let key = groupKeys.get(listings);
  if (key === undefined) {
    key = digest(listings.map(listingDigest).join(','));
    groupKeys.set(listings, key);
  }
  return key;
}
// Once per listing and per group in a build: a state's later pages share their group's key.
const listingDigests = new WeakMap<Listing, string>();
const groupKeys = new WeakMap<readonly Listing[], string>();
function listingDigest(listing: Listing): string {
  let key = listingDigests.get(listing);
  if (key === undefined) {
    key = digest(listing);
    listingDigests.set(listing, key);
  }
  return key;
}

/** One static path per verified listing with its detail file (the dialog's), keyed for partial builds. */
export async function listingDetailPaths() {
  const paths = (await allListings()).map((listing) => ({
    params: { slug: listing.slug },
    props: { listing },
  }));
  return keyedPaths('listing-detail', paths, (p) => `data/listings/${p.params.slug}.json`);
}

async function readListings(): Promise<Listing[]> {
  const entries = await getCollection('listings');
  return entries
    .map((e) => e.data)
    .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
}
