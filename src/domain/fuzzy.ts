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
  return matcherOf(listings, postings);
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

function matcherOf(listings: readonly Filterable[], postings: Map<string, number[]>): FuzzyMatcher {
  const texts = locationTexts(listings);
  const vocabulary = [...postings.keys()];
  const fuse = new Fuse(vocabulary, FUSE_OPTIONS);
  // Typing repeats the same words keystroke after keystroke: remember each word's matches.
  const memo = new Map<string, Map<number, number>>();

  /** Listing position -> best score of the listing's words for one typed word. */
  const matchWord = (word: string): Map<number, number> => {
    let scores = memo.get(word);
    if (scores) return scores;
    scores = new Map();
    for (const { item, score = 1 } of fuse.search(word)) {
      for (const i of postings.get(item) ?? []) {
        const best = scores.get(i);
        if (best === undefined || score < best) scores.set(i, score);
      }
    }
    if (memo.size > 500) memo.clear();
    memo.set(word, scores);
    return scores;
  };

  return (location) => {
    const typed = words(location);
    const long = typed.filter((w) => w.length >= FUZZY_MIN_LENGTH);
    const short = typed.filter((w) => w.length < FUZZY_MIN_LENGTH);
    if (long.length === 0) return [];
    const [first, ...rest] = long.map(matchWord).sort((a, b) => a.size - b.size);
    const hits: Array<{ i: number; score: number }> = [];
    for (const [i, score] of first!) {
      let total = score;
      for (const other of rest) {
        const s = other.get(i);
        if (s === undefined) {
          total = Number.NaN;
          break;
        }
        total += s;
      }
      if (Number.isNaN(total) || !short.every((w) => texts[i]!.includes(w))) continue;
      hits.push({ i, score: total });
    }
    return hits.sort((a, b) => a.score - b.score || a.i - b.i).map((h) => h.i);
  };
}
