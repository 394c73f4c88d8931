import type { BrowseAreas } from '../../domain/browse-areas';
import type { BrowseListing } from '../../domain/browse-data';

/**
 * The listings this page has loaded so far (./browse-loader.ts), merged into the whole set's newest-first order from
 * whichever files arrived (a state's, a type's, parts of the whole set). A module of its own: the page needs the empty
 * state before the loader, which comes with the first request for listings (./data.ts).
 */
export interface LoadedListings {
  /** Every listing loaded so far, newest first; null until the first file is in. */
  listings: BrowseListing[] | null;
  /** Files loaded, by name. */
  files: ReadonlySet<string>;
  /** True once every part of the whole set is in. */
  wholeSet: boolean;
  /** Listings in the whole set not loaded yet (null until the first file says how many there are). */
  remaining: number | null;
  /** The whole set's location alphabet (../../domain/browse-coverage.ts), from the first part. */
  alphabet: string | null;
  /** Each part's location alphabet, from the first part (null in a file without them). */
  partAlphabets: readonly string[] | null;
  /** Where each state's listings are, once distance mode has asked for them. */
  areas: BrowseAreas | null;
  error: string | null;
}

/** Nothing loaded yet. */
export const NO_LISTINGS: LoadedListings = {
  listings: null,
  files: new Set(),
  wholeSet: false,
  remaining: null,
  alphabet: null,
  partAlphabets: null,
  areas: null,
  error: null,
};
