/*
 * What this browser keeps for offline use (docs/saved-searches.md, "The installable app"): for each shortlisted listing copied, when it was saved
 * and the addresses copied. Read by the layout's script on every page, so it holds nothing but this bookkeeping; the
 * copying itself is ./offline-copies.ts, loaded only when there is something to copy or drop.
 */
const KEY = 'glamping-offline';

export { OFFLINE_CACHE } from './cache-names';
/** Told on this page whenever the copies change. */
export const COPIES_CHANGED = 'offline-copies';

export interface OfflineCopy {
  /** When it was saved (ISO time). */
  at: string;
  /** What the offline page lists: the listing's name and place. */
  name: string;
  place: string;
  urls: string[];
}

export function readCopies(): Record<string, OfflineCopy> {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? '{}') as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, OfflineCopy>)
      : {};
  } catch {
    return {};
  }
}

export function writeCopies(copies: Record<string, OfflineCopy>): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(copies));
  } catch {
    // Storage refused (private mode, full): the copies are simply not remembered.
  }
  dispatchEvent(new CustomEvent(COPIES_CHANGED));
}

/** True when the shortlist and the saved copies are not the same listings. */
export function copiesDiffer(saved: readonly string[]): boolean {
  const copied = Object.keys(readCopies());
  return copied.length !== saved.length || saved.some((s) => !copied.includes(s));
}

/** "Saved for offline use on 26 Nov 2026, 08:10": the note of a saved copy. */
export function savedNote(copy: OfflineCopy): string {
  const when = new Date(copy.at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return `Saved for offline use on ${when}`;
}
