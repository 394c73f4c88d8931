import { parseSlugs } from '../domain/shortlist';

/*
 * Where the shortlist lives: this browser's localStorage, one key. Both the islands' store (./shortlist.ts) and the
 * layout's plain script (header count, the listing page's Save button) read and write it through these, and every
 * write tells the page ('shortlist' event) as other tabs are told by the browser ('storage' event).
 */
const KEY = 'glamping-shortlist';
export const CHANGED = 'shortlist';

/** The saved slugs; none when storage is unavailable (private mode, blocked) or holds something else. */
export function readSaved(): string[] {
  try {
    return parseSlugs(JSON.parse(localStorage.getItem(KEY) ?? '[]'));
  } catch {
    return [];
  }
}

/** Stores the list and tells this page; false when the browser refuses to store it. */
export function writeSaved(slugs: readonly string[]): boolean {
  let stored = true;
  try {
    localStorage.setItem(KEY, JSON.stringify(slugs));
  } catch {
    stored = false;
  }
  dispatchEvent(new CustomEvent(CHANGED));
  return stored;
}

/** Calls `changed` whenever the list changes, in this tab or another. */
export function onSavedChange(changed: () => void): void {
  addEventListener(CHANGED, changed);
  addEventListener('storage', (e) => {
    if (e.key === KEY || e.key === null) changed();
  });
}
