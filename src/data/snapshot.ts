import { runningBuild } from '../build/incremental/state';
import { digest } from '../build/incremental/static-paths';
import { currentConfig } from '../config';
import { type BrowseListing, toBrowseListing } from '../domain/browse-data';
import { encodeRating, type ListingRating } from '../domain/ratings';
import type { Filters } from '../domain/schemas/filters';
import type { Listing } from '../domain/schemas/listing';
import { searchListings } from '../domain/search';
import { enableEmbeddedDatabase } from './embedded';
import { openPublicReader } from './open';
import { listingRatings } from './review-snapshot';
import { syncSnapshotFile } from './sync';

// The snapshot's file in the build's cache folder, set by the incremental-site integration (a Vite define).
declare const __LISTINGS_SNAPSHOT__: string;

// One build renders ~130 pages that need the whole list (10,000 listings and more): read, sort and shape it once per
// build, not once per page. (A build loads this module afresh; in the dev server every call syncs again.)
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
  const lean = (all: Listing[]) =>
    all.map((l) => ({ ...toBrowseListing(l), rating: ratingsNow.get(l.id) ?? null }));
  if (import.meta.env.DEV) return allListings().then(lean);
  browse ??= allListings().then(lean);
  return browse;
}

/** Listings of one state or one accommodation type, newest first. */
export interface ListingGroups {
  byState: ReadonlyMap<string, readonly Listing[]>;
  byType: ReadonlyMap<string, readonly Listing[]>;
}
let groups: Promise<ListingGroups> | null = null;

/**
 * Every state's and every type's listings, once per build: each of a group's landing pages counts them,
 * and filtering the whole list again for each of ~440 pages was O(pages x listings).
 */
export function listingGroups(): Promise<ListingGroups> {
  const read = () =>
    allListings().then((all) => {
      const byState = new Map<string, Listing[]>();
      const byType = new Map<string, Listing[]>();
      const add = (groups: Map<string, Listing[]>, key: string, l: Listing) => {
        const group = groups.get(key);
        if (group) group.push(l);
        else groups.set(key, [l]);
      };
      for (const l of all) {
        add(byState, l.state, l);
        add(byType, l.accommodation_type, l);
      }
      return { byState, byType };
    });
  if (import.meta.env.DEV) return read();
  groups ??= read();
  return groups;
}

// Results of a preset (parsed filters) over the whole list, by the preset's JSON: a state's or type's landing pages
// are pages of one result list, searched once per build rather than once per page.
const presetResults = new Map<string, Promise<readonly BrowseListing[]>>();

/** The browse listings a preset selects, in the browse view's order (searchListings), once per preset and build. */
export function browseResults(preset: Filters): Promise<readonly BrowseListing[]> {
  const search = () => allBrowseListings().then((all) => searchListings(all, preset));
  if (import.meta.env.DEV) return search();
  const key = JSON.stringify(preset);
  let results = presetResults.get(key);
  if (!results) {
    results = search();
    presetResults.set(key, results);
  }
  return results;
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
 * (keyedStaticPaths, src/build/incremental/static-paths.ts).
 */
export function groupKey(listings: readonly Listing[]): string {
  let key = groupKeys.get(listings);
  if (key === undefined) {
    key = digest(listings.map(listingDigest).join(','));
    groupKeys.set(listings, key);
  }
  return key;
}
/**
 * The incremental-build key of a path whose props hold a listing (its page, its detail file): the digest of the
 * props with the listing replaced by its own digest, which is made once per listing and build (README, "The cold
 * build": the listing's page, its detail file and its groups' keys each digested the whole listing again). Covers
 * every prop, as the default key does.
 */
export function listingPropsKey(props: { listing: Listing }): string {
  return digest({ ...props, listing: listingDigest(props.listing) });
}

// Once per listing and per group in a build: a state's later pages share their group's key.
const listingDigests = new WeakMap<Listing, string>();
const groupKeys = new WeakMap<readonly Listing[], string>();
// The ratings the listings of this build show (read with them): a card's rating is part of what its pages show.
let ratingsNow = new Map<string, ListingRating>();
// The digest of each listing's row, made when the row was synced (src/data/sync.ts): what the listing is, without
// hashing 10,000 listings again in every build (docs/incremental-build.md).
const rowDigests = new WeakMap<Listing, string>();
function listingDigest(listing: Listing): string {
  let key = listingDigests.get(listing);
  if (key === undefined) {
    const rating = ratingsNow.get(listing.id);
    const row = rowDigests.get(listing) ?? digest(listing);
    key = rating ? digest({ listing: row, rating: encodeRating(rating) }) : row;
    listingDigests.set(listing, key);
  }
  return key;
}

/**
 * Verified listings, synced incrementally from the store with the public's privileges (D1, D5, D8) into the
 * snapshot kept in the build's cache folder. The database must be ready: npm scripts prepare the embedded one
 * explicitly (scripts/prepare.ts); a server's schema is managed on its side.
 */
async function syncedListings() {
  if (typeof __LISTINGS_SNAPSHOT__ !== 'string')
    throw new Error('The listings snapshot is read by a build or the dev server (astro.config.mjs)');
  const config = currentConfig();
  if (config.backend.kind === 'pglite') enableEmbeddedDatabase();
  const reader = await openPublicReader(config.backend);
  try {
    const { entries, report } = await syncSnapshotFile(__LISTINGS_SNAPSHOT__, reader, digest, {
      allowEmpty: config.allowEmptyDirectory,
    });
    const line = `Listings: ${report.mode} sync: read ${report.read}, removed ${report.removed}, ${report.total} listings`;
    const build = runningBuild();
    if (build) build.log.push(line);
    else console.info(line);
    return entries;
  } finally {
    await reader.close();
  }
}

async function readListings(): Promise<Listing[]> {
  // Both at once: on the embedded database they share one opening of it (src/data/open.ts).
  const [ratings, entries] = await Promise.all([listingRatings(), syncedListings()]);
  ratingsNow = ratings;
  const order = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return (
    [...entries.values()]
      .map((e) => {
        rowDigests.set(e.data, e.digest);
        return e.data;
      })
      // Newest first; ties by id, the order a full sync reads them in, whatever order later syncs added them in.
      .sort((a, b) => order(b.created_at, a.created_at) || order(a.id, b.id))
  );
}
