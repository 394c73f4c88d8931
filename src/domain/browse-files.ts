import {
  ACCOMMODATION_TYPES,
  type AccommodationType,
  ALL_STATES,
  ALL_TYPES,
  US_STATES,
  type UsState,
} from './lists';
import type { Filters } from './schemas/filters';
import { slugify } from './slug';

/**
 * The listings files the build writes and the browse view loads (D1: static files, never the database). The whole
 * set is split into parts, newest first: a typed query on /browse shows the matches of the first part (about
 * 40 KB gzipped at 10,000 listings) while the others arrive. A state's or a type's listings are also a file of
 * their own, so a landing page, or any view filtered by a state or type, loads only what it can show. (The
 * encoding is ./browse-data.ts, which the browser loads only with the first file.)
 */
export type BrowseFile =
  | { kind: 'part'; index: number }
  | { kind: 'state'; state: UsState }
  | { kind: 'type'; type: AccommodationType };

/** Where the files are served from. */
export const BROWSE_DATA_DIR = '/data/browse';

/** Rows in the first part; each later part doubles, up to PART_MAX (a part must parse in a few milliseconds). */
export const FIRST_PART = 1000;
export const PART_MAX = 4000;

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

/** The file's name without extension: 'part-0', 'state-new-york', 'type-domes-geodomes'. */
export function browseFileName(file: BrowseFile): string {
  if (file.kind === 'part') return `part-${file.index}`;
  return file.kind === 'state' ? `state-${slugify(file.state)}` : `type-${slugify(file.type)}`;
}

export const browseFileUrl = (file: BrowseFile): string => `${BROWSE_DATA_DIR}/${browseFileName(file)}.json`;

/** Every file of a whole set of `total` listings: its parts, then a file per state and per type. */
export function allBrowseFiles(total: number): BrowseFile[] {
  return [
    ...partSizes(total).map((_, index): BrowseFile => ({ kind: 'part', index })),
    ...US_STATES.map((state): BrowseFile => ({ kind: 'state', state })),
    ...ACCOMMODATION_TYPES.map((type): BrowseFile => ({ kind: 'type', type })),
  ];
}

/**
 * The one file that holds every listing these filters can match, when there is one smaller than the whole set:
 * the state's when a state is chosen, else the type's; null when only the whole set does.
 */
export function scopeFile(filters: Filters): BrowseFile | null {
  if (filters.state !== ALL_STATES) return { kind: 'state', state: filters.state };
  if (filters.accommodationType !== ALL_TYPES) return { kind: 'type', type: filters.accommodationType };
  return null;
}

/**
 * True when the files loaded hold every listing these filters can match: the whole set, or the state's or type's
 * file they name. Until then a view shows the matches found so far, and no count.
 */
export function filesCover(
  loaded: { files: ReadonlySet<string>; wholeSet: boolean },
  filters: Filters,
): boolean {
  if (loaded.wholeSet) return true;
  const file = scopeFile(filters);
  return file !== null && loaded.files.has(browseFileName(file));
}
