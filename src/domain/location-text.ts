import { isZip, type Locatable } from './location';

/**
 * The lower-cased text a location is looked for in: name, city and state, one per line (typed text has no line
 * break, so a match does not span two fields).
 */
export function locationText(l: Locatable): string {
  return `${l.property_name}\n${l.city}\n${l.state}`.toLowerCase();
}

/** Tests one listing, given its `locationText`. */
export type LocationTest = (listing: Locatable, text: string) => boolean;

/**
 * The exact location rule for a typed text (spec section 7 + D14): the text, case-insensitive and trimmed, is
 * part of the property name, city or state; a 5-digit ZIP also matches the listing's zip_code. Null for empty
 * text, which every listing matches. Built once per text, so a search over thousands of listings prepares once.
 */
export function locationTest(location: string): LocationTest | null {
  const needle = location.trim().toLowerCase();
  if (!needle) return null;
  const zip = isZip(needle);
  return (listing, text) => text.includes(needle) || (zip && listing.zip_code.trim() === needle);
}

/** True when the listing matches the location text (the rule of `locationTest`). */
export function matchesLocation(listing: Locatable, location: string): boolean {
  return locationTest(location)?.(listing, locationText(listing)) ?? true;
}

// Each listing's location text, worked out once per listing object: the browse view searches the same listings on
// every keystroke, and builds a longer list each time another listings file arrives.
const textOf = new WeakMap<Locatable, string>();

/** `locationText`, remembered per listing object. */
export function cachedLocationText(l: Locatable): string {
  let text = textOf.get(l);
  if (text === undefined) {
    text = locationText(l);
    textOf.set(l, text);
  }
  return text;
}

const texts = new WeakMap<readonly Locatable[], string[]>();

/** `locationText` of every listing, in order, cached per array. */
export function locationTexts(listings: readonly Locatable[]): string[] {
  let all = texts.get(listings);
  if (!all) {
    all = listings.map(cachedLocationText);
    texts.set(listings, all);
  }
  return all;
}

/**
 * The characters of every listing's location text in the whole set (name, city and state, lower case), which the
 * first listings file carries: with it, a text that no listing can match is answered from that file alone, without
 * waiting for the whole set ("9", "99", "996", the first digits of a ZIP being typed).
 */
export function locationAlphabet(texts: Iterable<string>): string {
  const chars = new Set<string>();
  for (const text of texts) for (const c of text) if (c !== '\n') chars.add(c);
  return [...chars].sort().join('');
}
