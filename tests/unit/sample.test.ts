import { describe, expect, it } from 'vitest';
import { generateSampleListings, type SampleListing } from '../../scripts/lib/sample/generate';
import { SAMPLE_POOL } from '../../scripts/lib/sample/photos';
import { AREA_CODES, PLACES, STATE_BOUNDS } from '../../scripts/lib/sample/places';
import { shelterPhotoId } from '../../scripts/lib/sample/shelters';
import { SETTING_NEEDS, SETTING_WORDS } from '../../scripts/lib/sample/words';
import type { SeedListing } from '../../scripts/lib/seed';
import { possibleDuplicates } from '../../src/domain/duplicates';
import { safeHttpUrl } from '../../src/domain/format';
import {
  ACCOMMODATION_TYPES,
  AMENITIES,
  POPULAR_STATES,
  PRICE_RANGE_VALUES,
  SETTING_TYPES,
  US_STATES,
  type UsState,
} from '../../src/domain/lists';
import { EMAIL_PATTERN } from '../../src/domain/schemas/fields';

// 10,000 generated listings take seconds on a busy machine: a generous limit, as speed is the bench's to check.
const HEAVY = { timeout: 60_000 };

// First three ZIP digits per state (USPS ranges), so a typo'd ZIP or a town filed under the wrong state shows up.
const ZIP3: Record<UsState, ReadonlyArray<readonly [number, number]>> = {
  Alabama: [[350, 369]],
  Alaska: [[995, 999]],
  Arizona: [[850, 865]],
  Arkansas: [[716, 729]],
  California: [[900, 961]],
  Colorado: [[800, 816]],
  Connecticut: [[60, 69]],
  Delaware: [[197, 199]],
  Florida: [[320, 349]],
  Georgia: [
    [300, 319],
    [398, 399],
  ],
  Hawaii: [[967, 968]],
  Idaho: [[832, 838]],
  Illinois: [[600, 629]],
  Indiana: [[460, 479]],
  Iowa: [[500, 528]],
  Kansas: [[660, 679]],
  Kentucky: [[400, 427]],
  Louisiana: [[700, 714]],
  Maine: [[39, 49]],
  Maryland: [[206, 219]],
  Massachusetts: [[10, 27]],
  Michigan: [[480, 499]],
  Minnesota: [[550, 567]],
  Mississippi: [[386, 397]],
  Missouri: [[630, 658]],
  Montana: [[590, 599]],
  Nebraska: [[680, 693]],
  Nevada: [[889, 898]],
  'New Hampshire': [[30, 38]],
  'New Jersey': [[70, 89]],
  'New Mexico': [[870, 884]],
  'New York': [[100, 149]],
  'North Carolina': [[270, 289]],
  'North Dakota': [[580, 588]],
  Ohio: [[430, 459]],
  Oklahoma: [[730, 749]],
  Oregon: [[970, 979]],
  Pennsylvania: [[150, 196]],
  'Rhode Island': [[28, 29]],
  'South Carolina': [[290, 299]],
  'South Dakota': [[570, 577]],
  Tennessee: [[370, 385]],
  Texas: [
    [750, 799],
    [885, 885],
  ],
  Utah: [[840, 847]],
  Vermont: [[50, 59]],
  Virginia: [
    [201, 201],
    [220, 246],
  ],
  Washington: [[980, 994]],
  'West Virginia': [[247, 268]],
  Wisconsin: [[530, 549]],
  Wyoming: [[820, 831]],
};

const inBounds = (state: UsState, latitude: number, longitude: number) => {
  const [south, north, west, east] = STATE_BOUNDS[state];
  return latitude >= south && latitude <= north && longitude >= west && longitude <= east;
};

const all = generateSampleListings();
const verified = all.filter((l) => l.verification_status === 'verified');
const countBy = <K extends keyof SampleListing>(rows: SampleListing[], key: K) => {
  const counts = new Map<SampleListing[K], number>();
  for (const row of rows) counts.set(row[key], (counts.get(row[key]) ?? 0) + 1);
  return counts;
};

describe('sample places', () => {
  it('has at least 6 towns per state and 10 per popular state, none repeated', () => {
    for (const state of US_STATES) {
      const towns = PLACES[state].map((p) => p.city);
      expect(towns.length, state).toBeGreaterThanOrEqual(POPULAR_STATES.includes(state) ? 10 : 6);
      expect(new Set(towns).size, state).toBe(towns.length);
      expect(
        AREA_CODES[state].every((code) => /^[2-9]\d\d$/.test(code)),
        state,
      ).toBe(true);
    }
  });

  it('gives every town coordinates inside its state box and a ZIP from its state', () => {
    for (const state of US_STATES) {
      for (const place of PLACES[state]) {
        const where = `${place.city}, ${state}`;
        expect(inBounds(state, place.latitude, place.longitude), where).toBe(true);
        expect(place.zip, where).toMatch(/^\d{5}$/);
        const zip3 = Number(place.zip.slice(0, 3));
        expect(
          ZIP3[state].some(([lo, hi]) => zip3 >= lo && zip3 <= hi),
          where,
        ).toBe(true);
      }
    }
  });
});

describe('generateSampleListings', () => {
  it('is deterministic for a seed and differs across seeds', () => {
    expect(generateSampleListings()).toEqual(all);
    expect(JSON.stringify(generateSampleListings({ seed: 42 }))).toBe(JSON.stringify(all));
    const other = generateSampleListings({ seed: 7 });
    expect(other).toHaveLength(all.length);
    expect(other).not.toEqual(all);
  });

  it('makes 1200 verified, 25 pending and 15 rejected listings by default', () => {
    expect(countBy(all, 'verification_status')).toEqual(
      new Map([
        ['verified', 1200],
        ['pending', 25],
        ['rejected', 15],
      ]),
    );
    const small = generateSampleListings({ verified: 60, pending: 2, rejected: 1, seed: 3 });
    expect(small).toHaveLength(63);
  });

  it('covers every state, type and setting among verified listings', () => {
    expect(new Set(verified.map((l) => l.state))).toEqual(new Set(US_STATES));
    expect(new Set(verified.map((l) => l.accommodation_type))).toEqual(new Set(ACCOMMODATION_TYPES));
    expect(new Set(verified.map((l) => l.setting_type))).toEqual(new Set(SETTING_TYPES));
  });

  it('orders the popular states as the spec does, all others below New York', HEAVY, () => {
    for (const rows of [verified, generateSampleListings({ verified: 10_000, seed: 9 })]) {
      const counts = countBy(
        rows.filter((l) => l.verification_status === 'verified'),
        'state',
      );
      const popular = POPULAR_STATES.map((s) => counts.get(s) ?? 0);
      for (let i = 1; i < popular.length; i++) expect(popular[i]).toBeLessThan(popular[i - 1]!);
      const others = US_STATES.filter((s) => !POPULAR_STATES.includes(s)).map((s) => counts.get(s) ?? 0);
      expect(Math.max(...others)).toBeLessThan(popular.at(-1)!);
    }
  });

  it('stores 10-digit phones in mixed formats and only http(s) websites', () => {
    for (const l of all) {
      expect(l.phone.replace(/\D/g, ''), l.phone).toMatch(/^\d{3}55501\d\d$/);
      if (l.website_url !== null) expect(safeHttpUrl(l.website_url), l.website_url).not.toBeNull();
      if (l.website_url !== null) expect(l.website_url).toMatch(/^https?:\/\//);
      if (l.public_email !== null) expect(l.public_email).toMatch(EMAIL_PATTERN);
    }
    expect(new Set(all.map((l) => l.phone.replace(/\d/g, '#'))).size).toBe(4);
    expect(all.some((l) => l.website_url === null)).toBe(true);
    expect(all.some((l) => l.website_url?.startsWith('http://'))).toBe(true);
    expect(all.some((l) => l.public_email !== null)).toBe(true);
  });

  it('has unique url-safe slugs and unique v4-shaped ids', () => {
    expect(new Set(all.map((l) => l.slug)).size).toBe(all.length);
    expect(new Set(all.map((l) => l.id)).size).toBe(all.length);
    for (const l of all) {
      expect(l.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(l.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it('keeps coordinates near a real town of the listing state', () => {
    for (const l of all) {
      expect(inBounds(l.state, l.latitude, l.longitude), `${l.city}, ${l.state}`).toBe(true);
      const town = PLACES[l.state].find((p) => p.city === l.city);
      expect(town, l.city).toBeDefined();
      expect(Math.abs(l.latitude - town!.latitude)).toBeLessThanOrEqual(0.05);
      expect(Math.abs(l.longitude - town!.longitude)).toBeLessThanOrEqual(0.05);
      expect(l.zip_code).toBe(town!.zip);
      // Beaches and deserts only where the town has one.
      const need = SETTING_NEEDS[l.setting_type];
      if (need) expect(town!.tag, `${l.setting_type} in ${l.city}`).toBe(need);
    }
  });

  it('fills amenities, features, prices and flags realistically', () => {
    for (const l of all) {
      expect(l.amenities.length).toBeGreaterThanOrEqual(2);
      expect(l.amenities.length).toBeLessThanOrEqual(10);
      // Subset of AMENITIES, distinct, in list order.
      expect(l.amenities).toEqual(AMENITIES.filter((a) => l.amenities.includes(a)));
      expect(l.features.length).toBeLessThanOrEqual(5);
      expect(new Set(l.features).size).toBe(l.features.length);
      expect(l.images).toEqual([]);
      if (l.price_range !== null) expect(PRICE_RANGE_VALUES).toContain(l.price_range);
      if (l.featured) expect(l.verification_status).toBe('verified');
      expect(l.description).toContain(l.city);
      expect(l.description).toContain(SETTING_WORDS[l.setting_type].phrase);
      expect(l.created_at >= '2024-01-01T00:00:00.000Z' && l.created_at <= '2026-10-31T23:59:59.999Z').toBe(
        true,
      );
      expect(new Date(l.created_at).toISOString()).toBe(l.created_at);
    }
    expect(verified.some((l) => l.price_range === null)).toBe(true);
    expect(verified.filter((l) => l.amenities.length > 4).length).toBeGreaterThan(verified.length / 3);
    expect(new Set(all.flatMap((l) => l.features)).size).toBeGreaterThanOrEqual(25);
    const featured = verified.filter((l) => l.featured).length;
    expect(featured).toBeGreaterThan(0);
    expect(featured).toBeLessThan(verified.length * 0.1);
  });

  it('never says "No pets" of a place that lists Pet-Friendly among its amenities', () => {
    const petFriendly = all.filter((l) => l.amenities.includes('Pet-Friendly'));
    expect(petFriendly.length).toBeGreaterThan(10);
    expect(petFriendly.filter((l) => l.pets_allowed !== true)).toEqual([]);
    // Others still state either answer, or none.
    const others = new Set(
      all.filter((l) => !l.amenities.includes('Pet-Friendly')).map((l) => l.pets_allowed),
    );
    expect(others).toEqual(new Set([true, false, null]));
  });

  // How fast it generates is the bench's figure (scripts/bench/data.ts), never a timed test's.
  it('fits the seed row shape and scales to 10,000 listings with unique slugs and ids', HEAVY, () => {
    const rows: SeedListing[] = all;
    expect(rows).toHaveLength(1240);
    const big = generateSampleListings({ verified: 10_000 });
    expect(big.filter((l) => l.verification_status === 'verified')).toHaveLength(10_000);
    expect(new Set(big.map((l) => l.slug)).size).toBe(big.length);
    expect(new Set(big.map((l) => l.id)).size).toBe(big.length);
  });
});

describe('sample data a traveler would believe', () => {
  const END = Date.UTC(2026, 9, 31, 23, 59, 59);
  const DAY = 86_400_000;

  it('gives every listing a name no other listing has', () => {
    expect(new Set(all.map((l) => l.property_name)).size).toBe(all.length);
  });

  it('writes descriptions of varied length and content', () => {
    const lengths = verified.map((l) => l.description.length).sort((a, b) => a - b);
    expect(lengths[lengths.length >> 1]).toBeGreaterThan(200);
    expect(lengths.at(-1)! - lengths[0]!).toBeGreaterThan(250);
    expect(new Set(verified.map((l) => l.description)).size).toBe(verified.length);
  });

  it('verified most listings within the last 12 months, spread over them; a few are due', () => {
    const ages = verified.map((l) => (END - Date.parse(l.verified_at!)) / DAY);
    const due = ages.filter((a) => a > 365).length / ages.length;
    expect(due).toBeGreaterThan(0.01);
    expect(due).toBeLessThan(0.08);
    const months = new Set(verified.map((l) => l.verified_at!.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(12);
    for (const l of verified) expect(Date.parse(l.verified_at!)).toBeGreaterThan(Date.parse(l.created_at));
  });

  it('shows each listing its own kind of shelter when the pool has it', () => {
    const pool = SAMPLE_POOL.map(({ type, variant }) => ({
      id: shelterPhotoId(type, variant),
      width: 1200,
      height: 800,
      widths: [400, 800],
      caption: null,
      placeholder: 'data:image/webp;base64,AAAA',
    }));
    const rows = generateSampleListings({ photoPool: pool });
    const shown = rows.filter((l) => l.verification_status === 'verified' && l.photos.length > 0);
    expect(shown.length / 1200).toBeGreaterThan(0.78);
    for (const l of shown)
      expect(
        l.photos.every((p) => p.id === shelterPhotoId(l.accommodation_type, Number(p.id.at(-1)))),
        l.slug,
      ).toBe(true);
  });
});

describe('sample photos', () => {
  const pool = Array.from({ length: 12 }, (_, i) => ({
    id: `sample-ph${String(i).padStart(2, '0')}`,
    width: 1200,
    height: 800,
    widths: [400, 800],
    caption: null,
    placeholder: 'data:image/webp;base64,AAAA',
  }));
  const withPhotos = generateSampleListings({ photoPool: pool });

  it('most listings get one to four photos from the pool, the same on every run', () => {
    const shown = withPhotos.filter((l) => l.photos.length > 0).length / withPhotos.length;
    expect(shown).toBeGreaterThan(0.78);
    expect(shown).toBeLessThan(0.92);
    expect(Math.max(...withPhotos.map((l) => l.photos.length))).toBe(4);
    expect(JSON.stringify(generateSampleListings({ photoPool: pool }))).toBe(JSON.stringify(withPhotos));
  });

  it('photos change nothing else of a listing', () => {
    expect(withPhotos.map(({ photos: _, ...rest }) => rest)).toEqual(
      all.map(({ photos: _, ...rest }) => rest),
    );
    expect(all.every((l) => l.photos.length === 0)).toBe(true);
  });
});

describe('sample near-duplicates', () => {
  it('three pending submissions may duplicate a published listing: by phone, by website, by name nearby', () => {
    const rows = generateSampleListings();
    const verified = rows.filter((r) => r.verification_status === 'verified');
    const pending = rows.filter((r) => r.verification_status === 'pending');
    expect(pending).toHaveLength(25);
    const reasons = pending.slice(-3).map((p) => possibleDuplicates(p, verified).flatMap((d) => d.reasons));
    expect(reasons[0]).toContain('phone');
    expect(reasons[1]).toContain('website');
    expect(reasons[2]).toContain('name');
  });
});
