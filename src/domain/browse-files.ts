import { type AccommodationType, ALL_STATES, ALL_TYPES, type UsState } from './lists';
import type { Filters } from './schemas/filters';
import { slugify } from './slug';

/**
 * The listings files the build writes and the browse view loads (D1: static files, never the database). The whole
 * set is split into parts, newest first: a typed query on /browse shows the matches of the first part (about
 * 40 KB gzipped at 10,000 listings) while the others arrive. A state's or a type's listings are also a file of
 * their own, so a landing page, or any view filtered by a state or type, loads only what it can show. The parts'
 * sizes and the encoding are in ./browse-data.ts, which the browser loads only with the first file; this module
 * is what the page needs before that.
 */
export type BrowseFile =
  | { kind: 'part'; index: number }
  | { kind: 'state'; state: UsState }
  | { kind: 'type'; type: AccommodationType };

/** Where the files are served from. */
export const BROWSE_DATA_DIR = '/data/browse';

/** The file's name without extension: 'part-0', 'state-new-york', 'type-domes-geodomes'. */
export function browseFileName(file: BrowseFile): string {
  if (file.kind === 'part') return `part-${file.index}`;
  return file.kind === 'state' ? `state-${slugify(file.state)}` : `type-${slugify(file.type)}`;
}

export const browseFileUrl = (file: BrowseFile): string => `${BROWSE_DATA_DIR}/${browseFileName(file)}.json`;

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
