import type { AccommodationType, UsState } from '../domain/lists';
import type { OgCard } from './og-image';

/** What each page type's share image says (src/components/og-image.ts draws it). */
export const DEFAULT_CARD: OgCard = {
  kicker: 'Free glamping directory',
  title: 'Glamping across the USA',
  lines: ['Verified glamping sites in all 50 states', 'No booking fees, no commissions'],
};

// The cards say nothing that changes with the listings (no counts, no listing names): the 69 images are drawn once
// and kept by incremental builds, and a build of 10,000 listings draws no image per listing. A listing page shares
// its state's image; its own name and place are in og:title and og:description.
export const stateCard = (state: UsState): OgCard => ({
  kicker: 'State guide',
  title: `Glamping in ${state}`,
  lines: ['Verified glamping sites across the state', 'Contact owners directly, no fees'],
});

export const typeCard = (type: AccommodationType): OgCard => ({
  kicker: 'Accommodation type',
  title: `${type} Glamping`,
  lines: ['Verified listings across the USA', 'Contact owners directly, no fees'],
});
