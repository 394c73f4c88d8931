import { formatCount } from '../domain/format';
import type { AccommodationType, UsState } from '../domain/lists';
import type { OgCard } from './og-image';

/** What each page type's share image says (src/components/og-image.ts draws it). */
export const DEFAULT_CARD: OgCard = {
  kicker: 'Free glamping directory',
  title: 'Glamping across the USA',
  lines: ['Verified glamping sites in all 50 states', 'No booking fees, no commissions'],
};

const sites = (n: number, noun: string) => `${formatCount(n)} verified ${noun}${n === 1 ? '' : 's'}`;

// 69 images in all: a listing page shares its state's image (its own name and place are in og:title and
// og:description). One image per listing would cost a 10,000-listing build some 130 s of drawing (13 ms each, four
// times the whole render budget of a page); a listing's cover photo will be its image once photos exist.
export const stateCard = (state: UsState, count?: number): OgCard => ({
  kicker: 'State guide',
  title: `Glamping in ${state}`,
  lines: [
    count === undefined ? 'Verified glamping sites' : sites(count, 'glamping site'),
    'Contact owners directly, no fees',
  ],
});

export const typeCard = (type: AccommodationType, count: number): OgCard => ({
  kicker: 'Accommodation type',
  title: `${type} Glamping`,
  lines: [`${sites(count, 'listing')} across the USA`, 'Contact owners directly, no fees'],
});
