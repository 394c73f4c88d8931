/** The listing fields the location rule looks at. */
export interface Locatable {
  property_name: string;
  city: string;
  state: string;
  zip_code: string;
}

/** True for a US 5-digit ZIP code, spaces around allowed (D14). */
export function isZip(text: string): boolean {
  return /^\d{5}$/.test(text.trim());
}

// One field per line: a newline never comes from the search box, and text that has one (from a URL) matches
// nothing, so a match never spans two fields.
const FIELD_BREAK = '\n';

/** The lower-cased text the location is looked for in: name, city and state. */
export function locationText(listing: Locatable): string {
  return [listing.property_name, listing.city, listing.state].join(FIELD_BREAK).toLowerCase();
}

/** Tests one listing, given its `locationText`. */
export type LocationTest = (listing: Locatable, text: string) => boolean;

/**
 * The exact location rule for a typed text (spec section 7 + D14): the text, case-insensitive and trimmed, is
 * part of the property name, city or state; a 5-digit ZIP also matches the listing's zip_code. Null for empty
 * text, which every listing matches. Built once per text, so a search over thousands of listings does the
 * preparation once.
 */
export function locationTest(location: string): LocationTest | null {
  const needle = location.trim().toLowerCase();
  if (!needle) return null;
  const zip = isZip(needle) ? needle : null;
  const findable = !needle.includes(FIELD_BREAK);
  return (listing, text) =>
    (findable && text.includes(needle)) || (zip !== null && listing.zip_code.trim() === zip);
}

/** True when the listing matches the location text (the rule of `locationTest`). */
export function matchesLocation(listing: Locatable, location: string): boolean {
  return locationTest(location)?.(listing, locationText(listing)) ?? true;
}

// Each listing array's location texts, worked out once: the browse view searches the same array on every keystroke.
const texts = new WeakMap<readonly Locatable[], string[]>();

/** `locationText` of every listing, in order, cached per array. */
export function locationTexts(listings: readonly Locatable[]): string[] {
  let all = texts.get(listings);
  if (!all) {
    all = listings.map(locationText);
    texts.set(listings, all);
  }
  return all;
}
