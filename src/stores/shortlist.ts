import { atom } from 'nanostores';
import { toggled, withAll } from '../domain/shortlist';
import { onSavedChange, readSaved, writeSaved } from './shortlist-storage';

/** The saved slugs. Empty on the server and until an island starts it in the browser. */
export const $shortlist = atom<string[]>([]);

let started = false;
/** Reads the stored list once and follows its changes (other tabs, the layout's script); idempotent. */
export function startShortlist(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  const sync = () => $shortlist.set(readSaved());
  sync();
  onSavedChange(sync);
}

const save = (list: string[]) => {
  $shortlist.set(list);
  writeSaved(list);
};
export const toggleSaved = (slug: string) => save(toggled(readSaved(), slug));
export const removeSaved = (slug: string) => save(readSaved().filter((s) => s !== slug));
export const saveAll = (slugs: readonly string[]) => save(withAll(readSaved(), slugs));
