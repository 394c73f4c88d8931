import { type BrowseFacts, browseFacts, factsOf, type ListingFacts } from './facts';
import type { Filterable } from './filter';
import { phoneDigits } from './format';
import type { ListingRating } from './ratings';
import type { Listing, ListingPhoto } from './schemas/listing';

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
  /** The cover photo: its id and the widths a card picks from (400 and 800, or its own when narrower). */
  cover: CardPhoto | null;
  // --- Freshness ---
  /** Month of the last verification, 'YYYY-MM' ('' when unknown): "Verified Mar 2026", the Recommended sort. */
  verified: string;
  // --- Facts: what cards and the fact filters need, one small token per row in the file ---
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
export const encodeCover = (c: CardPhoto | null) =>
  c === null ? '' : c.widths.join(',') === USUAL_WIDTHS ? c.id : `${c.id}~${c.widths.join(',')}`;
/** `widthsOf` turns the widths' text into the list (the decoder shares one list among the covers alike). */
export function decodeCover(
  text: string | undefined,
  widthsOf: (widths: string) => number[],
): CardPhoto | null {
  if (!text) return null;
  const [id = '', widths = USUAL_WIDTHS] = text.split('~');
  return { id, widths: widthsOf(widths) };
}

/** The fields the dialog loads lazily from /data/listings/{slug}.json. */
export interface ListingDetail {
  description: string;
  street_address: string;
  website_url: string | null;
  public_email: string | null;
  latitude: number;
  longitude: number;
  /** Every photo, cover first. */
  photos: ListingPhoto[];
  /** The facts in full: the dialog's "Good to know". */
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
  /** Month of the last verification per row (encodeMonth); absent in files built before rows carried it. */
  verified?: number[];
  /** Facts per row (src/domain/facts.ts encodeFacts): '' when none stated; absent in files from before them. */
  facts?: string[];
  /**
   * The first part only: every character of the whole set's location texts (src/domain/location-text.ts
   * locationAlphabet), so a text no listing can match is answered before the other parts are in.
   */
  alphabet?: string;
  /**
   * The first part only: the same characters for each part of the whole set, by index, so a text that only a few
   * parts can match loads those parts alone (./browse-coverage.ts); absent in files from before it. A later part's
   * leave out the listings the first part also carries (./browse-parts.ts, CARRIED_MAX).
   */
  partAlphabets?: string[];
  /** Reviews per row (src/domain/reviews.ts encodeRating): 0 for none; absent in files from before reviews. */
  rating?: number[];
}

/** A coordinate in hundredths of a degree (about a kilometre), as the file stores it. */
export const hundredths = (n: number): number => Math.round(n * 100);

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
