import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  type BrowseListing,
  EXCERPT_LENGTH,
  excerpt,
  toBrowseListing,
  toListingDetail,
} from '../../src/domain/browse-data';
import { decodeBrowseData, decodeFirstCards, decodeFirstCardsOnce } from '../../src/domain/browse-decode';
import { encodeBrowseData, encodeFirstCards } from '../../src/domain/browse-encode';
import { browseFacts, NO_FACTS, SLEEPS_CAP } from '../../src/domain/facts';
import { type Listing, listingSchema } from '../../src/domain/schemas/listing';
import { sampleListings } from './sample-listings';

// 10,000 generated listings take seconds on a busy machine: a generous limit, as speed is the bench's to check.
const HEAVY = { timeout: 60_000 };

const sample = sampleListings();

describe('toBrowseListing', () => {
  it('keeps only what cards and filters need, phone as 10 digits, position to about a kilometre', () => {
    const l = sample[0]!;
    const lean = toBrowseListing(l);
    expect(Object.keys(lean).sort()).toEqual(
      [
        'slug',
        'property_name',
        'excerpt',
        'city',
        'state',
        'zip_code',
        'accommodation_type',
        'setting_type',
        'price_range',
        'amenities',
        'features',
        'phone',
        'featured',
        'latitude',
        'longitude',
        'cover',
        'verified',
        'facts',
        'rating',
      ].sort(),
    );
    expect(lean.phone).toMatch(/^\d{10}$/);
    expect(Math.abs(lean.latitude - l.latitude)).toBeLessThanOrEqual(0.005);
    expect(lean).not.toHaveProperty('description');
    expect(lean).not.toHaveProperty('public_email');
  });

  it('leaves an odd phone as written', () => {
    expect(toBrowseListing({ ...sample[0]!, phone: ' ext. 12 ' }).phone).toBe('ext. 12');
  });
});

describe('excerpt', () => {
  it('keeps a short text whole and cuts a long one at a word boundary with an ellipsis', () => {
    expect(excerpt('  A quiet   yurt. ')).toBe('A quiet yurt.');
    const long =
      'Sleep in safari tents in a quiet stand of old pines near Great Barrington, Massachusetts. Bring a rod.';
    const cut = excerpt(long);
    expect(cut.length).toBeLessThanOrEqual(EXCERPT_LENGTH);
    expect(cut.endsWith('…')).toBe(true);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    expect(cut).toBe('Sleep in safari tents in a quiet stand of old pines near Great Barrington…');
    expect(excerpt('x'.repeat(200))).toHaveLength(EXCERPT_LENGTH);
    expect(excerpt('')).toBe('');
  });
});

describe('toListingDetail', () => {
  it("holds what the dialog loads on opening, and never the owner's private contact", () => {
    const detail = toListingDetail(sample[0]!);
    expect(Object.keys(detail).sort()).toEqual(
      [
        'description',
        'latitude',
        'longitude',
        'public_email',
        'street_address',
        'website_url',
        'photos',
        'facts',
      ].sort(),
    );
  });
});

describe('encodeBrowseData / decodeBrowseData', () => {
  it('round-trips every sample listing exactly, in order', () => {
    const lean = sample.map(toBrowseListing);
    const decoded = decodeBrowseData(JSON.parse(JSON.stringify(encodeBrowseData(lean))));
    expect(decoded).toEqual(lean);
  });

  it('round-trips the cover photo: none, the usual widths, a narrow photo', () => {
    const photo = (id: string, widths: number[]) => ({
      id,
      width: Math.max(...widths),
      height: 200,
      widths,
      caption: null,
      placeholder: '',
    });
    const odd: Listing[] = [
      { ...sample[0]!, photos: [] },
      { ...sample[1]!, photos: [photo('AAAAAAAAAAA', [400, 800, 1600]), photo('BBBBBBBBBBB', [400])] },
      { ...sample[2]!, photos: [photo('CCCCCCCCCCC', [300])] },
    ];
    const lean = odd.map(toBrowseListing);
    expect(lean.map((l) => l.cover)).toEqual([
      null,
      { id: 'AAAAAAAAAAA', widths: [400, 800] },
      { id: 'CCCCCCCCCCC', widths: [300] },
    ]);
    expect(decodeBrowseData(JSON.parse(JSON.stringify(encodeBrowseData(lean))))).toEqual(lean);
  });

  it('grows by at most 12 bytes gzipped per listing when most listings have a cover', HEAVY, () => {
    const lean = sampleListings({ verified: 10_000, pending: 0, rejected: 0 }).map(toBrowseListing);
    // Real covers are random ids, one per listing (the sample's shared pool would compress far better).
    const withCovers = lean.map((l, i) =>
      i % 7 === 0 ? l : { ...l, cover: { id: randomBytes(8).toString('base64url'), widths: [400, 800] } },
    );
    const size = (rows: typeof lean) => gzipSync(JSON.stringify(encodeBrowseData(rows))).length;
    expect((size(withCovers) - size(lean)) / lean.length).toBeLessThanOrEqual(12);
  });

  it('carries the month of the last verification, and none for a listing without a date', () => {
    const rows: Listing[] = [
      { ...sample[0]!, verified_at: '2026-03-14T09:30:00.000Z' },
      { ...sample[1]!, verified_at: '2000-12-31T23:00:00.000Z' },
      { ...sample[2]!, verified_at: null },
    ];
    const lean = rows.map(toBrowseListing);
    expect(lean.map((l) => l.verified)).toEqual(['2026-03', '2000-12', '']);
    expect(decodeBrowseData(JSON.parse(JSON.stringify(encodeBrowseData(lean))))).toEqual(lean);
  });

  it('grows by at most 2 bytes gzipped per listing for the verification month', HEAVY, () => {
    const lean = sampleListings({ verified: 10_000, pending: 0, rejected: 0 }).map(toBrowseListing);
    const size = (rows: typeof lean) => gzipSync(JSON.stringify(encodeBrowseData(rows))).length;
    const withoutMonths = lean.map((l) => ({ ...l, verified: '' }));
    expect(lean.every((l) => /^\d{4}-\d\d$/.test(l.verified))).toBe(true);
    expect((size(lean) - size(withoutMonths)) / lean.length).toBeLessThanOrEqual(2);
  });

  it(
    'grows by at most 8 bytes gzipped per listing for the facts, even when every listing states all of them',
    HEAVY,
    () => {
      const lean = sampleListings({ verified: 10_000, pending: 0, rejected: 0 }).map(toBrowseListing);
      const stated = (l: BrowseListing, i: number): BrowseListing => ({
        ...l,
        // Every fact stated, varied row by row (a fixed stride, so the figure is the same on every run).
        facts: {
          open: (i * 2654435761) % 4096 || 1,
          pets: i % 3 === 0,
          kids: i % 5 !== 0,
          accessible: i % 7 === 0,
          sleeps: 1 + ((i * 7) % 30),
        },
      });
      const none = lean.map((l) => ({ ...l, facts: browseFacts(NO_FACTS) }));
      const size = (rows: readonly BrowseListing[]) =>
        gzipSync(JSON.stringify(encodeBrowseData(rows))).length;
      const perListing = (rows: readonly BrowseListing[]) => (size(rows) - size(none)) / rows.length;
      expect(perListing(lean.map(stated))).toBeLessThanOrEqual(8);
      // The sample's own spread (many facts not stated) costs far less.
      expect(perListing(lean)).toBeLessThanOrEqual(4);
    },
  );

  it('round-trips the facts: none stated, yes, no, every month, sleeps past the cap', () => {
    const base = { ...sample[0]!, ...NO_FACTS };
    const rows: Listing[] = [
      { ...base, ...NO_FACTS },
      { ...base, open_months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], pets_allowed: true, sleeps: 4 },
      { ...base, open_months: [10], pets_allowed: false, good_for_kids: false, wheelchair_accessible: true },
      {
        ...base,
        open_months: [5, 6, 7, 8, 9],
        good_for_kids: true,
        wheelchair_accessible: false,
        sleeps: 400,
      },
    ];
    const lean = rows.map(toBrowseListing);
    expect(decodeBrowseData(encodeBrowseData(lean))).toEqual(lean);
    expect(lean.map((l) => l.facts)).toEqual([
      { open: 0, pets: null, kids: null, accessible: null, sleeps: 0 },
      { open: 0xfff, pets: true, kids: null, accessible: null, sleeps: 4 },
      { open: 1 << 9, pets: false, kids: false, accessible: true, sleeps: 0 },
      { open: 0b111110000, pets: null, kids: true, accessible: false, sleeps: SLEEPS_CAP },
    ]);
    // A file written before the facts existed decodes as "nothing stated".
    const { facts: _old, ...older } = encodeBrowseData(lean);
    expect(decodeBrowseData(older).every((l) => l.facts.open === 0 && l.facts.pets === null)).toBe(true);
  });

  it('round-trips odd listings: no price, empty arrays, non-array data, slugs it cannot rebuild', () => {
    const base = sample[0]!;
    const odd: Listing[] = [
      listingSchema.parse({ ...base, price_range: null, amenities: 'Wifi', features: null, images: {} }),
      { ...base, slug: 'custom-slug-2', amenities: [], features: [], featured: true },
      { ...base, property_name: 'Ça Va Camp', city: 'Bâton', slug: 'ca-va-camp-baton-louisiana' },
    ];
    const lean = odd.map(toBrowseListing);
    expect(lean[0]!.amenities).toEqual([]);
    expect(lean[0]!.features).toEqual([]);
    expect(decodeBrowseData(encodeBrowseData(lean))).toEqual(lean);
  });

  it('stays within 60 bytes gzipped per listing at 1,000 and 10,000 listings', HEAVY, () => {
    for (const verified of [1000, 10_000]) {
      const lean = sampleListings({ verified, pending: 0, rejected: 0 }).map(toBrowseListing);
      const bytes = gzipSync(JSON.stringify(encodeBrowseData(lean))).length;
      expect(bytes / lean.length, `${verified} listings`).toBeLessThanOrEqual(60);
    }
  });
});

describe('encodeFirstCards / decodeFirstCards', () => {
  it('gives the browse island the first cards exactly, quotes and backquotes in the data included', () => {
    const first = sample.slice(0, 24).map(toBrowseListing);
    const odd = {
      ...first[0]!,
      property_name: 'The "Backquote" `Camp`',
      excerpt: 'A \\ backslash, a ` and a " in the text',
      slug: 'the-backquote-camp',
    };
    const cards = [...first, odd];
    expect(decodeFirstCards(encodeFirstCards(cards))).toEqual(cards);
  });

  it("decodes a page's prop once for the build's several reads, and another page's afresh", () => {
    const page1 = encodeFirstCards(sample.slice(0, 24).map(toBrowseListing));
    const page2 = encodeFirstCards(sample.slice(24, 48).map(toBrowseListing));
    const read = decodeFirstCardsOnce(page1);
    expect(read).toEqual(decodeFirstCards(page1));
    expect(decodeFirstCardsOnce(page1)).toBe(read);
    expect(decodeFirstCardsOnce(page2)).toEqual(decodeFirstCards(page2));
    expect(decodeFirstCardsOnce(page1)).not.toBe(read);
    expect(decodeFirstCardsOnce(page1)).toEqual(read);
  });

  it('writes no character an HTML attribute escapes into entities, so the prop is as light as the file', () => {
    const cards = sample
      .slice(0, 24)
      .map((l) => toBrowseListing({ ...l, description: `${l.description} "a" 'b'` }));
    const text = encodeFirstCards(cards);
    expect(text).not.toMatch(/"/);
    expect(text.length).toBeLessThanOrEqual(JSON.stringify(encodeBrowseData(cards)).length);
  });
});
