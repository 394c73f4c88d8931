/** The compact columnar file back into lean listings, a whole file or a slice of rows at a time. */

import { type BrowseData, type BrowseListing, decodeCover, decodeMonth } from './browse-data';
import { decodeFacts } from './facts';
import { decodeRating } from './ratings';
import { listingSlug } from './slug';

/** Positions in the whole set of every row of a file, in its order. */
export function browsePositions(data: BrowseData): number[] {
  let p = -1;
  return data.at.map((d) => {
    p += d;
    return p;
  });
}

/** The dictionaries a file's rows point into: its own, else those of the first part (`shared`). */
export type BrowseDictionaries = Required<Pick<BrowseData, 'dict' | 'places'>>;

/**
 * `decode`, remembering each key's value: what many listings have alike (a facts token, a rating, a month, a list of
 * amenities, a cover's widths) is decoded into one object they share, not one each: 50,000 decoded listings keep
 * 39 MiB instead of 46, and while a file decodes the browser's young-generation collections, which held up keystrokes
 * at that size, copy every object its listings keep (docs/scaling.md). Decoded listings are read-only, so sharing
 * their parts changes nothing else.
 */
function remembered<K, V>(decode: (key: K) => V): (key: K) => V {
  const values = new Map<K, V>();
  return (key) => {
    if (values.has(key)) return values.get(key) as V;
    const value = decode(key);
    values.set(key, value);
    return value;
  };
}

const factsOf = remembered(decodeFacts);
const ratingOf = remembered(decodeRating);
const monthOf = remembered(decodeMonth);
const widthsOf = remembered((widths: string) => widths.split(',').map(Number));

/** A row's list of dictionary entries (amenities, features), shared by the rows with the same list. */
const namesOf = new WeakMap<readonly string[], (key: string) => string[]>();
function namesIn(names: readonly string[], ids: readonly number[] | undefined): string[] {
  let of = namesOf.get(names);
  if (!of) {
    of = remembered((key: string) => (key === '' ? [] : key.split(',').map((i) => names[Number(i)]!)));
    namesOf.set(names, of);
  }
  return of(ids ? ids.join(',') : '');
}

/** Decodes the columnar file back into lean records, in the encoded order. */
export function decodeBrowseData(data: BrowseData, shared?: BrowseDictionaries): BrowseListing[] {
  return decodeBrowseRows(data, 0, data.name.length, shared);
}

/**
 * Decodes rows `from` to `to` (exclusive) of a file: a browser decodes a large file a slice at a time, so no slice
 * holds the main thread long.
 */
export function decodeBrowseRows(
  data: BrowseData,
  from: number,
  to: number,
  shared?: BrowseDictionaries,
): BrowseListing[] {
  const dict = data.dict ?? shared?.dict;
  const places = data.places ?? shared?.places;
  if (!dict || !places) throw new Error('A part of the listings came without the first part');
  const featured = new Set(data.featured);
  const at = <T>(list: readonly T[], i: number | undefined): T => list[i ?? 0]!;
  return data.name.slice(from, to).map((property_name, i) => {
    const row = from + i;
    const [city, stateIndex, zip_code, lat, lng] = at(places, data.place[row]);
    const state = at(dict.state, stateIndex);
    const priceIndex = data.price[row] ?? 0;
    return {
      slug: data.slugs[row] ?? listingSlug(property_name, city, state),
      property_name,
      excerpt: data.excerpt[row] ?? '',
      city,
      state,
      zip_code,
      accommodation_type: at(dict.type, data.type[row]),
      setting_type: at(dict.setting, data.setting[row]),
      price_range: priceIndex === 0 ? null : at(dict.price, priceIndex - 1),
      amenities: namesIn(dict.amenity, data.amenities[row]),
      features: namesIn(dict.feature, data.features[row]),
      phone: at(data.phone, row),
      featured: featured.has(row),
      latitude: (lat + (data.dLat[row] ?? 0)) / 100,
      longitude: (lng + (data.dLng[row] ?? 0)) / 100,
      cover: decodeCover(data.cover?.[row], widthsOf),
      verified: monthOf(data.verified?.[row]),
      facts: factsOf(data.facts?.[row]),
      rating: ratingOf(data.rating?.[row]),
    };
  });
}

/** A browse page's first cards back from the island's prop (src/domain/browse-encode.ts encodeFirstCards). */
export function decodeFirstCards(text: string): BrowseListing[] {
  return decodeBrowseData(JSON.parse(text.replaceAll('`', '"')) as BrowseData);
}

let lastFirstCards: { text: string; listings: BrowseListing[] } | null = null;

/**
 * decodeFirstCards, for the build: a browse page decodes its prop three times (its static cards, the island's render,
 * and the call of the component that tells Astro's React renderer it is React's), about a tenth of a landing page's
 * render (docs/performance.md, "Where a cold build's time goes"). The last prop's cards are kept, to be read, never
 * changed. The browser decodes once and never calls this (BrowseApp), so its bundle leaves it out.
 */
export function decodeFirstCardsOnce(text: string): BrowseListing[] {
  if (lastFirstCards?.text !== text) lastFirstCards = { text, listings: decodeFirstCards(text) };
  return lastFirstCards.listings;
}
