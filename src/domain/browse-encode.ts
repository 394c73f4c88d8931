/** Lean listings into the compact columnar file the browse island fetches (its shape: BrowseData). */

import { type BrowseData, type BrowseListing, encodeCover, encodeMonth, hundredths } from './browse-data';
import { encodeFacts } from './facts';
import { encodeRating } from './ratings';
import { listingSlug } from './slug';

type Dictionary = { values: string[]; of: (v: string) => number };

/** Index of a value in a growing dictionary. */
function indexer(): Dictionary {
  const values: string[] = [];
  const seen = new Map<string, number>();
  return {
    values,
    of(v) {
      let i = seen.get(v);
      if (i === undefined) {
        i = values.push(v) - 1;
        seen.set(v, i);
      }
      return i;
    },
  };
}

/** The dictionaries a file's rows point into, and the places (town, state, ZIP, position) they name. */
interface Dictionaries {
  state: Dictionary;
  type: Dictionary;
  setting: Dictionary;
  price: Dictionary;
  amenity: Dictionary;
  feature: Dictionary;
  placeKey: Dictionary;
  places: NonNullable<BrowseData['places']>;
}

const dictionaries = (): Dictionaries => ({
  state: indexer(),
  type: indexer(),
  setting: indexer(),
  price: indexer(),
  amenity: indexer(),
  feature: indexer(),
  placeKey: indexer(),
  places: [],
});

/** Indexes of a listing's values in the dictionaries, adding the values not there yet. */
function indexes(d: Dictionaries, l: BrowseListing) {
  const p = d.placeKey.of(`${l.city}\u0000${l.state}\u0000${l.zip_code}`);
  if (p === d.places.length) {
    d.places.push([l.city, d.state.of(l.state), l.zip_code, hundredths(l.latitude), hundredths(l.longitude)]);
  }
  return {
    place: p,
    type: d.type.of(l.accommodation_type),
    setting: d.setting.of(l.setting_type),
    price: l.price_range === null ? 0 : d.price.of(l.price_range) + 1,
    amenities: l.amenities.map((a) => d.amenity.of(a)),
    features: l.features.map((f) => d.feature.of(f)),
  };
}

// The whole set's dictionaries, made once per set: every part of it points into them (a build encodes a part per
// 2,000 listings, and indexing the whole set again for each was most of the encoding at 50,000 listings).
const wholeSets = new WeakMap<readonly BrowseListing[], Dictionaries>();
function dictionariesOf(all: readonly BrowseListing[]): Dictionaries {
  let d = wholeSets.get(all);
  if (!d) {
    d = dictionaries();
    for (const l of all) indexes(d, l);
    wholeSets.set(all, d);
  }
  return d;
}

/**
 * Encodes lean records into the compact columnar file. `positions` are their places in the whole set of `total`
 * listings (default: they are the whole set); `dictionaryOf`, the listings whose values the dictionaries hold
 * (default: these records; the whole set for its parts, which then share one set of dictionaries).
 */
export function encodeBrowseData(
  listings: readonly BrowseListing[],
  positions: readonly number[] = listings.map((_, i) => i),
  total = listings.length,
  dictionaryOf: readonly BrowseListing[] = listings,
): BrowseData {
  const d = dictionaryOf === listings ? dictionaries() : dictionariesOf(dictionaryOf);
  const { places } = d;
  const data: BrowseData = {
    v: 2,
    total,
    at: positions.map((p, i) => p - (i === 0 ? -1 : positions[i - 1]!)),
    dict: {
      state: d.state.values,
      type: d.type.values,
      setting: d.setting.values,
      price: d.price.values,
      amenity: d.amenity.values,
      feature: d.feature.values,
    },
    places,
    name: [],
    excerpt: [],
    place: [],
    type: [],
    setting: [],
    price: [],
    amenities: [],
    features: [],
    phone: [],
    dLat: [],
    dLng: [],
    featured: [],
    slugs: {},
    cover: [],
    verified: [],
    facts: [],
    rating: [],
  };
  listings.forEach((l, row) => {
    const ix = indexes(d, l);
    const [, , , lat, lng] = places[ix.place]!;
    data.name.push(l.property_name);
    data.excerpt.push(l.excerpt);
    data.place.push(ix.place);
    data.type.push(ix.type);
    data.setting.push(ix.setting);
    data.price.push(ix.price);
    data.amenities.push(ix.amenities);
    data.features.push(ix.features);
    data.phone.push(l.phone);
    data.dLat.push(hundredths(l.latitude) - lat);
    data.dLng.push(hundredths(l.longitude) - lng);
    data.cover.push(encodeCover(l.cover));
    data.verified?.push(encodeMonth(l.verified));
    data.facts?.push(encodeFacts(l.facts));
    data.rating?.push(encodeRating(l.rating));
    if (l.featured) data.featured.push(row);
    if (listingSlug(l.property_name, l.city, l.state) !== l.slug) data.slugs[row] = l.slug;
  });
  return data;
}

/**
 * A browse page's first cards as the browse island's prop: the rows in the files' encoding as one JSON text. Astro
 * wraps every value of an object prop in a type tag, which weighed more than the listings themselves; a text is
 * tagged once (docs/performance.md, "Page weight").
 */
export function encodeFirstCards(listings: readonly BrowseListing[]): string {
  const json = JSON.stringify(encodeBrowseData(listings));
  // In an HTML attribute each '"' of a JSON text inside JSON is 7 bytes (\&quot;): written as '`' instead, which
  // needs no escaping; a '`' of the data (only ever inside a string) is written as the JSON escape \u0060 first.
  return json.replaceAll('`', '\\u0060').replaceAll('"', '`');
}
