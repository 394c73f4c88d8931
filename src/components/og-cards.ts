import type { AccommodationType, UsState } from '../domain/lists';
import type { Listing } from '../domain/schemas/listing';
import type { OgCard } from './og-image';

/** What each page type's share image says (src/components/og-image.ts draws it). */
export const DEFAULT_CARD: OgCard = {
  kicker: 'Free glamping directory',
  title: 'Glamping across the USA',
  lines: ['Verified glamping sites in all 50 states', 'No booking fees, no commissions'],
};

const sites = (n: number, noun: string) =>
  `${n.toLocaleString('en-US')} verified ${noun}${n === 1 ? '' : 's'}`;

export const stateCard = (state: UsState, count: number): OgCard => ({
  kicker: 'State guide',
  title: `Glamping in ${state}`,
  lines: [sites(count, 'glamping site'), 'Contact owners directly, no fees'],
});

export const typeCard = (type: AccommodationType, count: number): OgCard => ({
  kicker: 'Accommodation type',
  title: `${type} Glamping`,
  lines: [`${sites(count, 'listing')} across the USA`, 'Contact owners directly, no fees'],
});

export const listingCard = (l: Listing): OgCard => ({
  kicker: l.accommodation_type,
  title: l.property_name,
  lines: [`${l.city}, ${l.state}`, [l.setting_type, l.price_range].filter(Boolean).join(' · ')],
});
