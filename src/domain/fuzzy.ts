import Fuse, { type IFuseOptions } from 'fuse.js/basic';
import type { Filterable } from './filter';
import { locationTexts } from './location-text';
import { FUZZY_MIN_LENGTH, FUZZY_THRESHOLD, type FuzzyMatcher } from './search';
import { locationWords, words } from './words';

export { words };

/**
 * Fuse.js over the distinct words of names, cities and states, not over the listings: the vocabulary grows far
 * slower than the listings (a few thousand words for 10,000 listings), so a keystroke stays well inside a frame.
 * 0.3 lets one or two slips through ('Ashvile' -> Asheville, 'Leavenwrth' -> Leavenworth) while unrelated
 * words stay out.
 */
export const FUSE_OPTIONS: IFuseOptions<string> = {
  threshold: FUZZY_THRESHOLD,
  ignoreLocation: true,
  includeScore: true,
  minMatchCharLength: FUZZY_MIN_LENGTH,
};

/**
 * A typo-tolerant matcher for these listings (D14). Every word of the text of at least FUZZY_MIN_LENGTH
 * characters must loosely match a word of the listing's name, city or state; shorter words must appear in them
 * as typed. Listings come back closest first (sum of the words' Fuse scores), then in their order.
 */
export function createFuzzyMatcher(listings: readonly Filterable[]): FuzzyMatcher {
  const postings = new Map<string, number[]>();
  addPostings(postings, listings, 0, listings.length);
  return matcherOf(listings, postings);
}

/** Listings indexed per slice of buildFuzzyMatcher: a few milliseconds of a desktop's time. */
const SLICE = 2000;

/**
 * createFuzzyMatcher for a browser's main thread: indexes SLICE listings at a time and awaits `pause` between
 * slices, so a slow phone never spends a long task on it.
 */
export async function buildFuzzyMatcher(
  listings: readonly Filterable[],
  pause: () => Promise<void>,
): Promise<FuzzyMatcher> {
  const postings = new Map<string, number[]>();
  for (let from = 0; from < listings.length; from += SLICE) {
    if (from > 0) await pause();
    addPostings(postings, listings, from, Math.min(from + SLICE, listings.length));
  }
  await pause();
  const match = matcherOf(listings, postings);
  if (!warmedUp) {
    warmedUp = true;
    await pause();
    warmUp(match, postings);
  }
  return match;
}

/** Whether the page's first matcher has searched once (one module per page: its code is the page's). */
let warmedUp = false;

/**
 * One search, while the browser is idle, so that the visitor's first typo-tolerant word does not pay for compiling
 * Fuse.js's search and the matcher's own code: run for the first time, they took several times longer than once
 * warm (docs/scaling.md, "Measured again, 2026-12-02 evening"). The word is a vocabulary word's first letters, so
 * the search goes through every step a typed word does (its matches are remembered like any other).
 */
function warmUp(match: FuzzyMatcher, postings: Map<string, number[]>): void {
  for (const word of postings.keys()) {
    if (word.length <= FUZZY_MIN_LENGTH) continue;
    match(word.slice(0, FUZZY_MIN_LENGTH + 1));
    return;
  }
}

/** Adds listings `from` to `to` to the word -> positions index. Their words are remembered per listing. */
function addPostings(
  postings: Map<string, number[]>,
  listings: readonly Filterable[],
  from: number,
  to: number,
) {
  for (let i = from; i < to; i++) {
    for (const w of locationWords(listings[i]!)) {
      const rows = postings.get(w);
      if (rows) rows.push(i);
      else postings.set(w, [i]);
    }
  }
}

/**
 * The listings a typed word loosely matches, in position order, with each one's best score (the lowest of its
 * words'). Typed arrays, not a map per word: a short word of a common prefix ('col') matches the words of thousands
 * of listings at 50,000, and each keystroke works out a new one (docs/scaling.md).
 */
interface WordMatches {
  positions: Int32Array;
  scores: Float64Array;
}

function matcherOf(listings: readonly Filterable[], postings: Map<string, number[]>): FuzzyMatcher {
  const texts = locationTexts(listings);
  const vocabulary = [...postings.keys()];
  const fuse = new Fuse(vocabulary, FUSE_OPTIONS);
  // Typing repeats the same words keystroke after keystroke: remember each word's matches.
  const memo = new Map<string, WordMatches>();
  // Each listing's best score for the word being matched (NaN: none yet), back to NaN after each word.
  const best = new Float64Array(listings.length).fill(Number.NaN);

  const matchWord = (word: string): WordMatches => {
    const known = memo.get(word);
    if (known) return known;
    const touched: number[] = [];
    for (const { item, score = 1 } of fuse.search(word)) {
      for (const i of postings.get(item) ?? []) {
        const was = best[i]!;
        if (Number.isNaN(was)) touched.push(i);
        if (!(score >= was)) best[i] = score;
      }
    }
    const positions = Int32Array.from(touched).sort();
    const scores = new Float64Array(positions.length);
    positions.forEach((i, k) => {
      scores[k] = best[i]!;
      best[i] = Number.NaN;
    });
    if (memo.size > 500) memo.clear();
    const matches = { positions, scores };
    memo.set(word, matches);
    return matches;
  };

  return (location) => {
    const typed = words(location);
    const long = typed.filter((w) => w.length >= FUZZY_MIN_LENGTH);
    const short = typed.filter((w) => w.length < FUZZY_MIN_LENGTH);
    if (long.length === 0) return [];
    const [first, ...rest] = long.map(matchWord).sort((a, b) => a.positions.length - b.positions.length);
    // Where each other word's walk has got to: positions ascend in every list.
    const at = rest.map(() => 0);
    // Listings by total score, each score's in position order: closest first, then in their order.
    const byScore = new Map<number, number[]>();
    first!.positions.forEach((i, k) => {
      let total = first!.scores[k]!;
      for (let w = 0; w < rest.length; w++) {
        const other = rest[w]!;
        let j = at[w]!;
        while (j < other.positions.length && other.positions[j]! < i) j++;
        at[w] = j;
        if (other.positions[j] !== i) return;
        total += other.scores[j]!;
      }
      if (!short.every((s) => texts[i]!.includes(s))) return;
      const same = byScore.get(total);
      if (same) same.push(i);
      else byScore.set(total, [i]);
    });
    return [...byScore.keys()].sort((a, b) => a - b).flatMap((score) => byScore.get(score)!);
  };
}

/**
 * A matcher built for `before` answering for `after`, a longer list holding the same listing objects in the same
 * order (the loader merges files into one newest-first list, keeping each listing's object and place): its
 * positions, mapped. Order is kept: closeness, then position, which both lists order alike. The mapping is worked out
 * when first asked, in one walk of both lists: the view makes one of these for every listings file that arrives,
 * mostly while the text needs no typo tolerance (two letters, a ZIP), and a map keyed by listing took 8-13 ms of the
 * render at 50,000 listings (docs/scaling.md, "Measured again, 2026-12-02 evening").
 */
export function knownMatches(
  before: readonly Filterable[],
  match: FuzzyMatcher,
  after: readonly Filterable[],
): FuzzyMatcher {
  let at: Int32Array | null = null;
  return (location) => {
    at ??= placesIn(before, after);
    const positions: number[] = [];
    for (const i of match(location)) {
      const p = at[i]!;
      if (p >= 0) positions.push(p);
    }
    return positions;
  };
}

/** Where each listing of `before` is in `after`, which holds them in the same order (-1: it does not). */
function placesIn(before: readonly Filterable[], after: readonly Filterable[]): Int32Array {
  const at = new Int32Array(before.length).fill(-1);
  let j = 0;
  for (let i = 0; i < before.length && j < after.length; i++) {
    while (j < after.length && after[j] !== before[i]) j++;
    if (j < after.length) at[i] = j++;
  }
  return at;
}
