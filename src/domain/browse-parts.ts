/** How the whole set is cut into files: its parts, newest first, and a file per state and per type. */

import type { BrowseData, BrowseListing } from './browse-data';
import { encodeBrowseData } from './browse-encode';
import type { BrowseFile } from './browse-files';
import { ACCOMMODATION_TYPES, US_STATES } from './lists';
import { cachedLocationText, locationAlphabet } from './location-text';

/**
 * Rows in the first part (about 40 KB gzipped at 10,000 listings: 900 since rows carry the verified month and facts);
 * each later part doubles, up to PART_MAX. The rest of the whole set arrives while the visitor types (after the first
 * part's results, ./browse-coverage.ts): a part must parse in a few milliseconds, as JSON.parse is one task a
 * keystroke waits behind (parts of 3,600 rows made tasks of 40-60 ms on this machine, 4x that on a phone). Smaller
 * parts gzip worse: at 2,000 rows the parts weigh at most a tenth more than one file would.
 */
export const FIRST_PART = 900;
export const PART_MAX = 2000;

/** How many listings each part of a whole set of `total` holds (one empty part for an empty directory). */
export function partSizes(total: number): number[] {
  const sizes: number[] = [];
  let size = FIRST_PART;
  for (let left = total; left > 0; left -= sizes.at(-1)!) {
    sizes.push(Math.min(size, left));
    size = Math.min(size * 2, PART_MAX);
  }
  return sizes.length > 0 ? sizes : [0];
}

/** Every file of a whole set of `total` listings: its parts, then a file per state and per type. */
export function allBrowseFiles(total: number): BrowseFile[] {
  return [
    ...partSizes(total).map((_, index): BrowseFile => ({ kind: 'part', index })),
    ...US_STATES.map((state): BrowseFile => ({ kind: 'state', state })),
    ...ACCOMMODATION_TYPES.map((type): BrowseFile => ({ kind: 'type', type })),
  ];
}

/** Positions in the whole set (newest first) of a part's own listings, before the first part carries any. */
function ownPositions(total: number, index: number): number[] {
  const sizes = partSizes(total);
  const start = sizes.slice(0, index).reduce((sum, n) => sum + n, 0);
  return Array.from({ length: sizes[index] ?? 0 }, (_, i) => start + i);
}

/**
 * At most this many listings of later parts ride with the first part (a few KB): those that only characters rare in
 * the set can find.
 */
export const CARRIED_MAX = 100;

interface PartsPlan {
  /** Positions of later parts' listings the first part also holds, ascending. */
  carried: number[];
  /** Each part's location alphabet: of the listings its file brings that the first part does not. */
  alphabets: string[];
}
const plans = new WeakMap<readonly BrowseListing[], PartsPlan>();

/**
 * The listings the first part carries beside its own: a text made of a character that is in at most a quarter of
 * the parts (a digit of a ZIP being typed: at 50,000 sample listings a "9" is in 3 listings, one in each of 3 parts
 * of 26) would otherwise wait for those parts after the first. Rarest characters first, while their listings fit in
 * CARRIED_MAX. Each later part's alphabet then leaves out the listings the first part carries, so the view knows
 * from the first part alone that it holds every match of such a text (./browse-coverage.ts).
 */
function partsPlan(all: readonly BrowseListing[]): PartsPlan {
  const known = plans.get(all);
  if (known) return known;
  const parts = partSizes(all.length).map((_, index) => ownPositions(all.length, index));
  const alphabetOf = (positions: readonly number[]) =>
    locationAlphabet(positions.map((p) => cachedLocationText(all[p]!)));
  const own = parts.map(alphabetOf);
  const rareChars = new Set(
    [...locationAlphabet(own)].filter((c) => own.filter((a) => a.includes(c)).length * 4 <= parts.length),
  );
  // The later parts' listings each rare character finds.
  const laterWith = new Map<string, number[]>([...rareChars].map((c) => [c, []]));
  if (rareChars.size > 0) {
    for (const positions of parts.slice(1)) {
      for (const p of positions) {
        for (const c of cachedLocationText(all[p]!)) {
          const found = laterWith.get(c);
          if (found && found.at(-1) !== p) found.push(p);
        }
      }
    }
  }
  const rare = [...laterWith.values()].sort((a, b) => a.length - b.length);
  const carried = new Set<number>();
  for (const positions of rare) {
    if (new Set([...carried, ...positions]).size > CARRIED_MAX) break;
    for (const p of positions) carried.add(p);
  }
  const plan: PartsPlan = {
    carried: [...carried].sort((a, b) => a - b),
    alphabets: parts.map((positions, index) =>
      index === 0
        ? alphabetOf([...positions, ...carried])
        : carried.size === 0
          ? own[index]!
          : alphabetOf(positions.filter((p) => !carried.has(p))),
    ),
  };
  plans.set(all, plan);
  return plan;
}

/** Positions in the whole set (newest first) of the listings a file holds. */
export function filePositions(all: readonly BrowseListing[], file: BrowseFile): readonly number[] {
  if (file.kind === 'part') {
    const own = ownPositions(all.length, file.index);
    return file.index === 0 ? [...own, ...partsPlan(all).carried] : own;
  }
  const groups = groupsOf(all);
  return (file.kind === 'state' ? groups.state.get(file.state) : groups.type.get(file.type)) ?? [];
}

// Each state's and each type's positions, found in one pass over the whole set: a pass per file was 70 passes
// (0.65 s of a 50,000-listing build, docs/scaling.md).
type Groups = { state: Map<string, number[]>; type: Map<string, number[]> };
const grouped = new WeakMap<readonly BrowseListing[], Groups>();
function groupsOf(all: readonly BrowseListing[]): Groups {
  const known = grouped.get(all);
  if (known) return known;
  const groups: Groups = { state: new Map(), type: new Map() };
  const add = (map: Map<string, number[]>, key: string, i: number) => {
    const positions = map.get(key);
    if (positions) positions.push(i);
    else map.set(key, [i]);
  };
  all.forEach((l, i) => {
    add(groups.state, l.state, i);
    add(groups.type, l.accommodation_type, i);
  });
  grouped.set(all, groups);
  return groups;
}

/**
 * The encoded file for `file` from the whole set, newest first. Parts share one set of dictionaries, built over the
 * whole set and sent once, with the first part: split files then weigh what one file would.
 */
export function encodeBrowseFile(all: readonly BrowseListing[], file: BrowseFile): BrowseData {
  const positions = filePositions(all, file);
  const rows = positions.map((p) => all[p]!);
  if (file.kind !== 'part') return encodeBrowseData(rows, positions, all.length);
  const encoded = encodeBrowseData(rows, positions, all.length, all);
  if (file.index === 0) {
    const partAlphabets = partsPlan(all).alphabets;
    // The whole set's alphabet is the parts' together.
    return { ...encoded, alphabet: locationAlphabet(partAlphabets), partAlphabets };
  }
  const { dict: _dict, places: _places, ...rest } = encoded;
  return rest;
}
