import { type Filterable, matchesChoices } from './filter';
import { isNearMe, isZip } from './location';
import { locationTest, locationTexts } from './location-text';
import { radiusMiles } from './places/near';
import type { Filters } from './schemas/filters';
import { words } from './words';

export { isNearMe };

/** What location search needs beyond the filter fields (D14). */
export interface Searchable extends Filterable {
  latitude: number;
  longitude: number;
}

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/**
 * Typo-tolerant matches for a location text: positions in the listing array, closest first. Built by
 * `createFuzzyMatcher` (./fuzzy.ts), which the browse island loads only when it is needed.
 */
export type FuzzyMatcher = (location: string) => readonly number[];

/** Fuzzy matching only starts at this many characters: shorter text matches almost everything. */
export const FUZZY_MIN_LENGTH = 3;

export { PAGE_SIZE } from './paging';

/**
 * How loosely a typed word may match a word of the listings (Fuse.js's threshold, ./fuzzy.ts): a Fuse score is the
 * share of the typed word's characters that had to change, and a match scores at most this.
 */
export const FUZZY_THRESHOLD = 0.3;

/** Fuse.js scores words of up to this many characters as a whole (longer ones in pieces). */
const FUZZY_WHOLE_WORD = 32;

/** True when a location text also gets typo-tolerant matches (not short, not a ZIP, not 'Near Me'). */
export function wantsFuzzy(location: string): boolean {
  const text = location.trim();
  return text.length >= FUZZY_MIN_LENGTH && !isZip(text) && !isNearMe(text);
}

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: Coordinates, b: Coordinates): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

export const KM_PER_MILE = 1.609344;
/** The earth's radius in miles, as distanceKm's 6,371 km. */
export const EARTH_RADIUS_MILES = 6371 / KM_PER_MILE;

/** Great-circle distance in miles. */
export function distanceMiles(a: Coordinates, b: Coordinates): number {
  return distanceKm(a, b) / KM_PER_MILE;
}

/** A copy sorted nearest first, only those within `maxMiles`; equal distances keep their order. */
export function sortByDistance<T extends Coordinates>(
  listings: readonly T[],
  origin: Coordinates,
  maxMiles = Number.POSITIVE_INFINITY,
): T[] {
  const near: Array<{ l: T; i: number; d: number }> = [];
  listings.forEach((l, i) => {
    const d = distanceMiles(origin, l);
    if (d <= maxMiles) near.push({ l, i, d });
  });
  return near.sort((a, b) => a.d - b.d || a.i - b.i).map((x) => x.l);
}

/** The filters `matchesChoices` reads, as one key: equal keys choose the same listings. */
function choicesKey(f: Filters): string {
  return [
    f.state,
    f.accommodationType,
    f.setting,
    f.priceRange,
    f.amenities.join(','),
    f.area,
    f.open,
    f.pets,
    f.kids,
    f.accessible,
    f.sleeps,
    f.rating,
  ].join('|');
}

/**
 * What the last searches of one listings array worked out, so the next keystroke does less: the positions passing
 * the other filters (they change with a select, not with typing), and the exact location matches of the last text.
 * A cache of a pure function's intermediate results, keyed by the array (a new array is a new cache): the results
 * are the same as without it. At 50,000 listings a keystroke cannot afford to allocate or walk arrays of the whole
 * set it does not need (docs/performance.md, "A keystroke to all its cards").
 */
interface SearchMemo<T> {
  choices: string;
  /** Positions passing `matchesChoices`, in order, and those listings (the input array itself when all pass). */
  chosen: number[];
  chosenListings: readonly T[];
  /**
   * Per position: 0 not chosen, 1 chosen (a typo-tolerant match must pass the other filters), 2 chosen and one of the
   * `marked` exact matches of `markedFor` (a typo-tolerant match that also matched exactly is listed once, among the
   * exact).
   */
  marks: Uint8Array;
  /**
   * The last location text searched (trimmed, lower case), the positions among `chosen` it matched exactly, and
   * those listings.
   */
  needle: string;
  exact: number[];
  exactListings: readonly T[];
  /** The exact matches marked 2 in `marks`, and the text they are of ('' for none). */
  marked: readonly number[];
  markedFor: string;
}
// biome-ignore lint/suspicious/noExplicitAny: one cache for every listing type; entries are typed where they are read
const memos = new WeakMap<readonly Searchable[], SearchMemo<any>>();

/** Positions of the listings passing every filter but location, remembered per array and choice of filters. */
function chosenPositions<T extends Searchable>(listings: readonly T[], filters: Filters): SearchMemo<T> {
  const choices = choicesKey(filters);
  let memo: SearchMemo<T> | undefined = memos.get(listings);
  if (!memo || memo.choices !== choices) {
    const chosen: number[] = [];
    const picked: T[] = [];
    const marks = new Uint8Array(listings.length);
    listings.forEach((l, i) => {
      if (!matchesChoices(l, filters)) return;
      chosen.push(i);
      picked.push(l);
      marks[i] = 1;
    });
    const chosenListings = picked.length === listings.length ? listings : picked;
    memo = {
      choices,
      chosen,
      chosenListings,
      marks,
      needle: '',
      exact: chosen,
      exactListings: chosenListings,
      marked: [],
      markedFor: '',
    };
    memos.set(listings, memo);
  }
  return memo;
}

/**
 * The chosen listings whose text contains the location text (the exact rule; a ZIP also matches its zip_code),
 * kept in the memo as positions and as listings, found in one pass. A text that extends the last one searched
 * (typing on) can only match listings the last one matched, so only those are tested: each keystroke looks at fewer
 * listings than the one before.
 */
function exactMatches<T extends Searchable>(
  listings: readonly T[],
  memo: SearchMemo<T>,
  location: string,
): readonly T[] {
  const test = locationTest(location);
  if (!test) return memo.chosenListings;
  const needle = location.trim().toLowerCase();
  if (needle !== memo.needle) {
    // The ZIP rule matches on zip_code, which a shorter text's matches need not contain: ZIPs test every listing.
    const narrowing = memo.needle !== '' && needle.includes(memo.needle) && !isZip(needle);
    const texts = locationTexts(listings);
    const exact: number[] = [];
    const exactListings: T[] = [];
    for (const i of narrowing ? memo.exact : memo.chosen) {
      const l = listings[i]!;
      if (!test(l, texts[i]!)) continue;
      exact.push(i);
      exactListings.push(l);
    }
    memo.needle = needle;
    memo.exact = exact;
    memo.exactListings = exactListings;
  }
  return memo.exactListings;
}

/** Marks the exact matches of the memo's text in `marks`, unmarking those of the text marked before. */
function markExact(memo: SearchMemo<Searchable>): void {
  if (memo.markedFor === memo.needle) return;
  for (const i of memo.marked) memo.marks[i] = 1;
  for (const i of memo.exact) memo.marks[i] = 2;
  memo.marked = memo.exact;
  memo.markedFor = memo.needle;
}

/**
 * The browse view's result list (spec section 7 + D14, D27). Every non-location filter applies first (cheap,
 * exact). In distance mode (`origin` given: the chosen place, a typed ZIP or the visitor's position), the listings
 * within the radius, nearest first, whatever the text says. Otherwise exact location matches in input order, then,
 * when a fuzzy matcher is given, typo-tolerant matches by closeness; 'Near Me' waiting for a position matches all.
 */
export function searchListings<T extends Searchable>(
  listings: readonly T[],
  filters: Filters,
  options: { origin?: Coordinates | null; fuzzy?: FuzzyMatcher | null } = {},
): readonly T[] {
  const location = filters.location.trim();
  const memo = chosenPositions(listings, filters);
  if (options.origin) {
    return sortByDistance(memo.chosenListings, options.origin, radiusMiles(filters.radius));
  }
  if (isNearMe(location)) return memo.chosenListings;
  const exact = exactMatches(listings, memo, location);
  if (!options.fuzzy || !wantsFuzzy(location)) return exact;
  // Only listings that pass the other filters and matched no exact rule can be added. The exact ones are marked
  // rather than each typo-tolerant match tested again: at 50,000 listings a short word's typo-tolerant matches are
  // thousands, most of them exact ones (docs/scaling.md).
  markExact(memo);
  const fuzzy: T[] = [];
  for (const i of options.fuzzy(location)) {
    if (memo.marks[i] === 1) fuzzy.push(listings[i]!);
  }
  return fuzzy.length === 0 ? exact : exact.concat(fuzzy);
}

/**
 * True when no listing whose location text is made of `alphabet`'s characters can match `location` (exactly or, for
 * a long enough text, typo-tolerantly): the exact rule needs every character of the text in a listing's text, and a
 * typo-tolerant match of a word must keep more than 1 - FUZZY_THRESHOLD of its characters, which a word made
 * mostly of characters no listing has cannot, while a word shorter than FUZZY_MIN_LENGTH must appear as typed.
 * False whenever it cannot tell (a ZIP, which also matches zip codes; 'Near Me'; empty text; a word too long for
 * Fuse to score whole).
 */
export function cannotMatch(location: string, alphabet: string): boolean {
  const needle = location.trim().toLowerCase();
  if (!needle || isZip(needle) || isNearMe(needle)) return false;
  const known = new Set(alphabet);
  if ([...needle].every((c) => known.has(c))) return false;
  if (!wantsFuzzy(location)) return true;
  const typed = words(location);
  // A short word must appear as typed in a typo-tolerant match too ('Cabin 9': no '9', no match).
  if (typed.some((w) => w.length < FUZZY_MIN_LENGTH && [...w].some((c) => !known.has(c)))) return true;
  const long = typed.filter((w) => w.length >= FUZZY_MIN_LENGTH);
  if (long.some((w) => w.length > FUZZY_WHOLE_WORD)) return false;
  // Every long word must match for a typo-tolerant match (./fuzzy.ts); with none, there is none.
  return (
    long.length === 0 ||
    long.some((w) => [...w].filter((c) => !known.has(c)).length / w.length > FUZZY_THRESHOLD)
  );
}
