import type { BrowseFile } from './browse-files';
import { type BrowseFacts, browseFacts, decodeFacts, encodeFacts, factsOf, type ListingFacts } from './facts';
import type { Filterable } from './filter';
import { phoneDigits } from './format';
import { ACCOMMODATION_TYPES, US_STATES } from './lists';
import { cachedLocationText, locationAlphabet } from './location-text';
import { decodeRating, encodeRating, type ListingRating } from './reviews';
import type { Listing, ListingPhoto } from './schemas/listing';
import { listingSlug } from './slug';

/**
 * The lean record the browse view and the detail dialog work from. Everything else (description, address,
 * website, e-mail, exact coordinates) is fetched per listing when the dialog opens, so the one file every
 * visitor downloads stays small (issue target: at most 60 bytes gzipped per listing).
 */
export interface BrowseListing extends Filterable {
  slug: string;
  /** The description's opening words for the card (spec: the card shows the description); '' when none. */
  excerpt: string;
  zip_code: string;
  phone: string;
  features: readonly string[];
  featured: boolean;
  /** Rounded to 0.01 degree (about 1 km): enough to sort by distance. */
  latitude: number;
  longitude: number;
  /** The cover photo (issue 12): its id and the widths a card picks from (400 and 800, or its own when narrower). */
  cover: CardPhoto | null;
  // --- Freshness (issue 14) ---
  /** Month of the last verification, 'YYYY-MM' ('' when unknown): "Verified Mar 2026", the Recommended sort. */
  verified: string;
  // --- Facts (issue 15): what cards and the fact filters need, one small token per row in the file ---
  facts: BrowseFacts;
  /** Its published reviews' average and count (docs/reviews.md); null when it has none. */
  rating: ListingRating | null;
}

/** 'YYYY-MM' as months since January 2000 (a short number that gzips well); 0 for unknown. */
export function encodeMonth(month: string): number {
  const m = /^(\d{4})-(\d\d)$/.exec(month);
  return m ? (Number(m[1]) - 2000) * 12 + Number(m[2]) : 0;
}
export function decodeMonth(n: number | undefined): string {
  if (!n) return '';
  const year = 2000 + Math.floor((n - 1) / 12);
  return `${year}-${String(((n - 1) % 12) + 1).padStart(2, '0')}`;
}

/** What a card needs of the cover photo. */
export interface CardPhoto {
  id: string;
  widths: number[];
}

/** The widths a card uses: those up to 800 px (its largest display at 2x), else the smallest. */
export function cardPhoto(photo: ListingPhoto | undefined): CardPhoto | null {
  if (!photo) return null;
  const small = photo.widths.filter((w) => w <= 800);
  return { id: photo.id, widths: small.length > 0 ? small : [Math.min(...photo.widths)] };
}

// A cover whose card widths are the usual pair is its id alone; any other set follows it ('id~300').
const USUAL_WIDTHS = '400,800';
const encodeCover = (c: CardPhoto | null) =>
  c === null ? '' : c.widths.join(',') === USUAL_WIDTHS ? c.id : `${c.id}~${c.widths.join(',')}`;
function decodeCover(text: string | undefined): CardPhoto | null {
  if (!text) return null;
  const [id = '', widths = USUAL_WIDTHS] = text.split('~');
  return { id, widths: widths.split(',').map(Number) };
}

/** The fields the dialog loads lazily from /data/listings/{slug}.json. */
export interface ListingDetail {
  description: string;
  street_address: string;
  website_url: string | null;
  public_email: string | null;
  latitude: number;
  longitude: number;
  /** Every photo, cover first (issue 12). */
  photos: ListingPhoto[];
  /** The facts in full (issue 15): the dialog's "Good to know". */
  facts: ListingFacts;
}

/**
 * An encoded file: columns of small integers pointing into dictionaries, which gzip compresses well. A file holds
 * some of the listings (a part of the whole set, or one state's, one type's: src/domain/browse-files.ts), each with
 * its position in the whole set, so files loaded one after another merge into the one newest-first order.
 */
export interface BrowseData {
  v: 2;
  /** Listings in the whole set (every file of one build says the same). */
  total: number;
  /** Positions in the whole set, as differences from the previous row's (the first from -1): 1s for a part. */
  at: number[];
  /**
   * Distinct values of each text column; rows hold indexes into these. Parts after the first of the whole set leave
   * `dict` and `places` out and use the first part's, which holds the whole set's.
   */
  dict?: {
    state: string[];
    type: string[];
    setting: string[];
    price: string[];
    amenity: string[];
    feature: string[];
  };
  /** [city, state index, zip, latitude x100, longitude x100] of every distinct place. */
  places?: Array<[string, number, string, number, number]>;
  name: string[];
  excerpt: string[];
  place: number[];
  type: number[];
  setting: number[];
  /** 0 = no price range, else index + 1. */
  price: number[];
  amenities: number[][];
  features: number[][];
  phone: string[];
  /** Coordinate offsets from the place's coordinates, in hundredths of a degree. */
  dLat: number[];
  dLng: number[];
  /** Row indexes of featured listings (few, so a sparse list). */
  featured: number[];
  /** Slugs that listingSlug(name, city, state) does not reproduce, by row index. */
  slugs: Record<string, string>;
  /** Cover photo per row (encodeCover): '' for none. */
  cover: string[];
  /** Month of the last verification per row (encodeMonth); absent in files built before issue 14. */
  verified?: number[];
  /** Facts per row (src/domain/facts.ts encodeFacts): '' when none stated; absent in files from before them. */
  facts?: string[];
  /**
   * The first part only: every character of the whole set's location texts (src/domain/location-text.ts
   * locationAlphabet), so a text no listing can match is answered before the other parts are in.
   */
  alphabet?: string;
  /** Reviews per row (src/domain/reviews.ts encodeRating): 0 for none; absent in files from before reviews. */
  rating?: number[];
}

const hundredths = (n: number): number => Math.round(n * 100);

/** Longest card excerpt, in characters: about two lines of a card. */
export const EXCERPT_LENGTH = 90;

/** The text whole when short, else cut at the last word boundary before `max` characters, with an ellipsis. */
export function excerpt(text: string, max = EXCERPT_LENGTH): string {
  const t = text.trim().replace(/\s+/g, ' ');
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** The lean projection of a listing; its `rating` comes from its reviews, which the caller knows (null: none). */
export function toBrowseListing(l: Listing): BrowseListing {
  const digits = phoneDigits(l.phone);
  return {
    slug: l.slug,
    property_name: l.property_name,
    excerpt: excerpt(l.description),
    city: l.city,
    state: l.state,
    zip_code: l.zip_code,
    accommodation_type: l.accommodation_type,
    setting_type: l.setting_type,
    price_range: l.price_range,
    amenities: [...l.amenities],
    features: [...l.features],
    phone: digits.length === 10 ? digits : l.phone.trim(),
    featured: l.featured,
    latitude: hundredths(l.latitude) / 100,
    longitude: hundredths(l.longitude) / 100,
    cover: cardPhoto(l.photos[0]),
    verified: l.verified_at?.slice(0, 7) ?? '',
    facts: browseFacts(l),
    rating: null,
  };
}

/** The lazily loaded part of a listing (dialog). */
export function toListingDetail(l: Listing): ListingDetail {
  return {
    description: l.description,
    street_address: l.street_address,
    website_url: l.website_url,
    public_email: l.public_email,
    latitude: l.latitude,
    longitude: l.longitude,
    photos: l.photos,
    facts: factsOf(l),
  };
}

/** A listing's file /data/listings/<slug>.json: what the dialog loads on opening, and its card (the shortlist's). */
export function listingDetailJson(l: Listing): string {
  return JSON.stringify({ ...toListingDetail(l), card: toBrowseListing(l) });
}

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
      amenities: (data.amenities[row] ?? []).map((i) => at(dict.amenity, i)),
      features: (data.features[row] ?? []).map((i) => at(dict.feature, i)),
      phone: at(data.phone, row),
      featured: featured.has(row),
      latitude: (lat + (data.dLat[row] ?? 0)) / 100,
      longitude: (lng + (data.dLng[row] ?? 0)) / 100,
      cover: decodeCover(data.cover?.[row]),
      verified: decodeMonth(data.verified?.[row]),
      facts: decodeFacts(data.facts?.[row]),
      rating: decodeRating(data.rating?.[row]),
    };
  });
}

/**
 * Rows in the first part (about 40 KB gzipped at 10,000 listings: 900 since issues 14 and 15 added a few bytes a row);
 * each later part doubles, up to PART_MAX. The rest of the whole set arrives while the visitor types (after the first
 * part's results, ./browse-coverage.ts): a part must parse in a few milliseconds, as JSON.parse is one task a
 * keystroke waits behind (parts of 3,600 rows made tasks of 40-60 ms on this machine, 4x that on a phone). Smaller
 * parts gzip worse: at 2,000 rows the parts weigh at most a tenth more than one file would.
 */
export const FIRST_PART = 900;
export const PART_MAX = 2000;

/** How many listings each part of a whole set of `total` holds (one empty part for an empty directory). */
export function partSizes(total: number): number[] {
  const sizes: number[] = [];
  let size = FIRST_PART;
  for (let left = total; left > 0; left -= sizes.at(-1)!) {
    sizes.push(Math.min(size, left));
    size = Math.min(size * 2, PART_MAX);
  }
  return sizes.length > 0 ? sizes : [0];
}

/** Every file of a whole set of `total` listings: its parts, then a file per state and per type. */
export function allBrowseFiles(total: number): BrowseFile[] {
  return [
    ...partSizes(total).map((_, index): BrowseFile => ({ kind: 'part', index })),
    ...US_STATES.map((state): BrowseFile => ({ kind: 'state', state })),
    ...ACCOMMODATION_TYPES.map((type): BrowseFile => ({ kind: 'type', type })),
  ];
}

/** Positions in the whole set (newest first) of the listings a file holds. */
export function filePositions(all: readonly BrowseListing[], file: BrowseFile): number[] {
  if (file.kind === 'part') {
    const sizes = partSizes(all.length);
    const start = sizes.slice(0, file.index).reduce((sum, n) => sum + n, 0);
    return Array.from({ length: sizes[file.index] ?? 0 }, (_, i) => start + i);
  }
  const positions: number[] = [];
  all.forEach((l, i) => {
    if (file.kind === 'state' ? l.state === file.state : l.accommodation_type === file.type)
      positions.push(i);
  });
  return positions;
}

/**
 * The encoded file for `file` from the whole set, newest first. Parts share one set of dictionaries, built over the
 * whole set and sent once, with the first part: split files then weigh what one file would.
 */
export function encodeBrowseFile(all: readonly BrowseListing[], file: BrowseFile): BrowseData {
  const positions = filePositions(all, file);
  const rows = positions.map((p) => all[p]!);
  if (file.kind !== 'part') return encodeBrowseData(rows, positions, all.length);
  const encoded = encodeBrowseData(rows, positions, all.length, all);
  if (file.index === 0) return { ...encoded, alphabet: locationAlphabet(all.map(cachedLocationText)) };
  const { dict: _dict, places: _places, ...rest } = encoded;
  return rest;
}
