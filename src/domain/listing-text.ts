import { fitText, fittingTitle, TITLE_ROOM } from './format';

interface Named {
  property_name: string;
  city: string;
  state: string;
  street_address: string;
  accommodation_type: string;
}

/** Listings that share this key share a name and a town: their pages need more than the name to tell them apart. */
export const placeKey = (l: Named): string =>
  [l.property_name, l.city, l.state].map((s) => s.trim().toLowerCase()).join('|');

/** The name a listing's page shows: with its street address when another listing has its name in its town. */
export const listingName = (l: Named, twin: boolean): string =>
  twin && l.street_address.trim() ? `${l.property_name} (${l.street_address.trim()})` : l.property_name;

/** The listing page's title: the most telling form that fits a search result beside the directory name. */
export function listingTitle(l: Named, name: string): string {
  return fittingTitle([
    `${name}: ${l.accommodation_type} in ${l.city}, ${l.state}`,
    `${name} in ${l.city}, ${l.state}`,
    `${name}, ${l.city}`,
    // A long name gives up its last words before the town: two listings of one name stay apart.
    `${fitText(name, Math.max(12, TITLE_ROOM - l.city.length - 2))}, ${l.city}`,
  ]);
}
