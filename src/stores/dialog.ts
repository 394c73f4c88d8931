import { atom } from 'nanostores';

/** Slug of the listing whose detail dialog is open; null when closed (spec section 4). */
export const $openListing = atom<string | null>(null);

/** Opens the detail dialog for a listing. */
export function openListing(slug: string): void {
  $openListing.set(slug);
}

/** Closes the detail dialog. */
export function closeListing(): void {
  $openListing.set(null);
}
