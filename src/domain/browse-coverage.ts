import { type BrowseAreas, statesNear } from './browse-areas';
import { type BrowseFile, browseFileName, filesCover, scopeFile } from './browse-files';
import { radiusMiles } from './places/near';
import type { Filters } from './schemas/filters';
import { type Coordinates, cannotMatch } from './search';

/**
 * Which listings files a view needs, and whether those loaded are enough for final results (a view loads
 * only what it can show). In order:
 * - a state's or a type's file when the filters name one;
 * - in distance mode with a radius, the files of the states whose listings come within it (./browse-areas.ts);
 * - a text no listing can match (the first part's alphabet says so) needs nothing more than that first part;
 * - a text only some parts can match (their alphabets say so: a digit, a rare letter) needs those parts;
 * - anything else, the whole set.
 */
export interface LoadedFiles {
  files: ReadonlySet<string>;
  wholeSet: boolean;
  /** The whole set's location alphabet, from the first part; null before it. */
  alphabet: string | null;
  /** Each part's location alphabet, by index, from the first part; null before it (or in a file without them). */
  partAlphabets: readonly string[] | null;
  /** Where each state's listings are; null until loaded. */
  areas: BrowseAreas | null;
}

/** Where the results are measured from: a position, none (not distance mode), or a place still loading. */
export type Origin = Coordinates | null | 'pending';

/** What the filters need: one file, the files near a point (once the areas are in), or the whole set. */
export type Need =
  | { kind: 'file'; file: BrowseFile }
  | { kind: 'near'; origin: Coordinates; miles: number }
  | { kind: 'whole' };

export function needOf(filters: Filters, origin: Origin): Need {
  const file = scopeFile(filters);
  if (file) return { kind: 'file', file };
  if (origin && origin !== 'pending') {
    const miles = radiusMiles(filters.radius);
    if (Number.isFinite(miles)) return { kind: 'near', origin, miles };
  }
  return { kind: 'whole' };
}

/** The state files holding every listing within `miles` of `origin`. */
export function nearFiles(areas: BrowseAreas, origin: Coordinates, miles: number): BrowseFile[] {
  return statesNear(areas, origin, miles).map((state) => ({ kind: 'state', state }));
}

/** True when the loaded files hold every listing these filters can match (final results and count). */
export function covers(loaded: LoadedFiles, filters: Filters, origin: Origin): boolean {
  if (filesCover(loaded, filters)) return true;
  if (origin === 'pending') return false;
  if (!origin && loaded.alphabet !== null && cannotMatch(filters.location, loaded.alphabet)) return true;
  if (!origin && partsToLoad(loaded, filters)?.length === 0) return true;
  const need = needOf(filters, origin);
  if (need.kind !== 'near' || !loaded.areas) return false;
  return nearFiles(loaded.areas, need.origin, need.miles).every((file) =>
    loaded.files.has(browseFileName(file)),
  );
}

const partIn = (loaded: LoadedFiles, index: number) =>
  loaded.files.has(browseFileName({ kind: 'part', index }));

/**
 * The parts of the whole set not loaded yet that may hold a match of the typed text: the others' alphabets lack
 * characters it needs (`cannotMatch`, exact and typo-tolerant alike). Null when that cannot be told (the parts'
 * alphabets not in yet); every part not loaded for a text any part can match (none typed, 'Near Me', a ZIP).
 */
export function partsToLoad(loaded: LoadedFiles, filters: Filters): number[] | null {
  if (loaded.partAlphabets === null) return null;
  const parts: number[] = [];
  loaded.partAlphabets.forEach((alphabet, index) => {
    if (partIn(loaded, index)) return;
    if (!cannotMatch(filters.location, alphabet)) parts.push(index);
  });
  return parts;
}

/**
 * How far the whole set is loaded for a view with no narrower file: its first part ('first', while the first part's
 * results are not on screen yet: `firstParts`), the few parts that alone can match ('few', while nothing loaded
 * matches), or every part that can match ('rest', once the filters rest).
 */
export type LoadStage = 'first' | 'few' | 'rest';

/**
 * The parts still to come that can hold a match of the text, when they are at most a quarter of those parts (a
 * digit, a rare letter: at 50,000 sample listings a "9" is in 3 parts of 26, docs/scaling.md); null otherwise. While
 * nothing loaded matches, these come without waiting for the filters to rest: the visitor has nothing to look at
 * yet, and the download is small. A text any part can match waits, so that a phone's connection carries what the
 * text being typed needs, and a ZIP typed on into distance mode never fetches the whole set.
 */
export function fewPartsToLoad(loaded: LoadedFiles, filters: Filters): number[] | null {
  const parts = partsToLoad(loaded, filters);
  if (parts === null) return null;
  const toCome = (loaded.partAlphabets ?? []).filter((_, index) => !partIn(loaded, index)).length;
  return parts.length * 4 <= toCome ? parts : null;
}

/**
 * The parts a text needs first: the first part, and, when the parts' alphabets (sent with it, known as soon as it
 * arrives, before it is decoded) say the first part cannot match the text, the few parts that can. A digit of a ZIP
 * being typed then waits for one round trip after the first part, not for its results to render and then another
 * (docs/scaling.md).
 */
export function firstParts(loaded: LoadedFiles, filters: Filters): number[] {
  const first = loaded.partAlphabets?.[0];
  if (first === undefined || !cannotMatch(filters.location, first)) return [0];
  return [0, ...(fewPartsToLoad(loaded, filters) ?? [])];
}
