import { atom } from 'nanostores';

/** Slug of the listing whose detail dialog is open; null when closed (spec section 4). */
export const $openListing = atom<string | null>(null);

/** The history entry an open dialog adds: the same address (the search stays), with the listing in its state. */
type DialogState = { listing?: string } | null;
const dialogIn = (state: unknown) => (state as DialogState)?.listing ?? null;

/**
 * Opens the detail dialog for a listing. On a phone the dialog fills the screen and Back is how people leave a
 * screen: opening it adds a history entry (same URL), so Back closes it and leaves the results as they were.
 */
export function openListing(slug: string): void {
  if ($openListing.get() === slug) return;
  const adds = typeof history !== 'undefined' && dialogIn(history.state) === null;
  // Set first: the address takes filters typed a moment ago as the dialog opens (./filters-url.ts), and the entry
  // Back returns to must hold them.
  $openListing.set(slug);
  if (adds) history.pushState({ ...(history.state ?? {}), listing: slug }, '', location.href);
}

/** Closes the detail dialog; when it was opened here, by going back past the entry it added. */
export function closeListing(): void {
  if ($openListing.get() === null) return;
  $openListing.set(null);
  if (typeof history !== 'undefined' && dialogIn(history.state) !== null) history.back();
}

/**
 * Keeps the dialog and the history in step on a page that shows it; returns the function that stops it. Back (and
 * Forward) set the dialog from the entry's state. An entry left from before a reload names a dialog that is not
 * open: it is cleared, so the next close does not land on it and reopen that listing.
 */
export function bindDialogToHistory(): () => void {
  if (dialogIn(history.state) !== null && $openListing.get() === null) {
    const { listing: _, ...rest } = history.state as Record<string, unknown>;
    history.replaceState(Object.keys(rest).length > 0 ? rest : null, '', location.href);
  }
  const read = () => $openListing.set(dialogIn(history.state));
  addEventListener('popstate', read);
  return () => removeEventListener('popstate', read);
}
