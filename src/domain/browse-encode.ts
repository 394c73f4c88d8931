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

/**
 * Encodes lean records into the compact columnar file. `positions` are their places in the whole set of `total`
 * listings (default: they are the whole set).
 */
export function encodeBrowseData(
  listings: readonly BrowseListing[],
  positions: readonly number[] = listings.map((_, i) => i),
  total = listings.length,
  dictionaryOf: readonly BrowseListing[] = listings,
): BrowseData {
  const [state, type, setting, price, amenity, feature, placeKey] = Array.from({ length: 7 }, indexer) as [
    Dictionary,
    Dictionary,
    Dictionary,
    Dictionary,
    Dictionary,
    Dictionary,
    Dictionary,
  ];
  const places: BrowseData['places'] = [];
  const data: BrowseData = {
    v: 2,
    total,
    at: positions.map((p, i) => p - (i === 0 ? -1 : positions[i - 1]!)),
    dict: {
      state: state.values,
      type: type.values,
      setting: setting.values,
      price: price.values,
      amenity: amenity.values,
      feature: feature.values,
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
  /** Indexes of a listing's values in the dictionaries, adding the values not there yet. */
  const indexes = (l: BrowseListing) => {
    const p = placeKey.of(`${l.city}\u0000${l.state}\u0000${l.zip_code}`);
    if (p === places.length) {
      places.push([l.city, state.of(l.state), l.zip_code, hundredths(l.latitude), hundredths(l.longitude)]);
    }
    return {
      place: p,
      type: type.of(l.accommodation_type),
      setting: setting.of(l.setting_type),
      price: l.price_range === null ? 0 : price.of(l.price_range) + 1,
      amenities: l.amenities.map((a) => amenity.of(a)),
      features: l.features.map((f) => feature.of(f)),
    };
  };
  if (dictionaryOf !== listings) dictionaryOf.forEach(indexes);
  listings.forEach((l, row) => {
    const ix = indexes(l);
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
