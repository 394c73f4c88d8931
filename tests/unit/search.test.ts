import { describe, expect, it } from 'vitest';
import { toBrowseListing } from '../../src/domain/browse-data';
import { matchesChoices } from '../../src/domain/filter';
import { buildFuzzyMatcher, createFuzzyMatcher, words } from '../../src/domain/fuzzy';
import { isZip } from '../../src/domain/location';
import { matchesLocation } from '../../src/domain/location-text';
import { DEFAULT_FILTERS, type Filters, normalizeFilters } from '../../src/domain/schemas/filters';
import {
  distanceKm,
  isNearMe,
  type Searchable,
  searchListings,
  sortByDistance,
  wantsFuzzy,
} from '../../src/domain/search';
import { sampleListings } from './sample-listings';

const listing = (over: Partial<Searchable> & { property_name: string }): Searchable => ({
  city: 'Moab',
  state: 'Utah',
  zip_code: '84532',
  latitude: 38.57,
  longitude: -109.55,
  accommodation_type: 'Yurts',
  setting_type: 'Desert',
  price_range: 'Luxury',
  amenities: ['WiFi/Internet'],
  ...over,
});

const moab = listing({ property_name: 'Red Rock Yurts' });
const asheville = listing({
  property_name: 'Pine Hollow Cabins',
  city: 'Asheville',
  state: 'North Carolina',
  zip_code: '28801',
  latitude: 35.6,
  longitude: -82.55,
  accommodation_type: 'Cabins',
  setting_type: 'Forest',
});
const leavenworth = listing({
  property_name: 'Icicle Creek Domes',
  city: 'Leavenworth',
  state: 'Washington',
  zip_code: '98826',
  latitude: 47.6,
  longitude: -120.66,
  accommodation_type: 'Domes (Geodomes)',
  setting_type: 'Mountains',
});
const ashland = listing({
  property_name: 'Ashland Hills Camp',
  city: 'Ashland',
  state: 'Oregon',
  zip_code: '97520',
  latitude: 42.19,
  longitude: -122.7,
});
const ALL = [moab, asheville, leavenworth, ashland];
const fuzzy = createFuzzyMatcher(ALL);
const filters = (over: Partial<Filters>) => normalizeFilters({ ...DEFAULT_FILTERS, ...over });
const names = (list: readonly Searchable[]) => list.map((l) => l.property_name);

describe('isNearMe / isZip / wantsFuzzy', () => {
  it("recognises 'Near Me' in any case and with spaces around", () => {
    expect(isNearMe(' near ME ')).toBe(true);
    expect(isNearMe('near mesa')).toBe(false);
  });
  it('recognises exactly five digits as a ZIP', () => {
    expect(isZip(' 84532 ')).toBe(true);
    expect(isZip('8453')).toBe(false);
    expect(isZip('84532-1234')).toBe(false);
  });
  it('asks for typo tolerance only for real words of 3+ characters', () => {
    expect(wantsFuzzy('Ashvile')).toBe(true);
    expect(wantsFuzzy('as')).toBe(false);
    expect(wantsFuzzy('84532')).toBe(false);
    expect(wantsFuzzy('Near Me')).toBe(false);
  });
});

describe('matchesLocation', () => {
  it('is a case-insensitive substring of name, city or state, or the exact ZIP', () => {
    expect(matchesLocation(moab, 'red rock')).toBe(true);
    expect(matchesLocation(moab, 'MOAB')).toBe(true);
    expect(matchesLocation(moab, 'uta')).toBe(true);
    expect(matchesLocation(moab, '84532')).toBe(true);
    expect(matchesLocation(moab, '84533')).toBe(false);
    expect(matchesLocation(moab, '')).toBe(true);
  });
  it('never matches across two fields', () => {
    expect(matchesLocation(moab, 'yurts moab')).toBe(false);
  });
});

describe('distanceKm / sortByDistance', () => {
  it('measures great-circle distance', () => {
    expect(distanceKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 })).toBeCloseTo(111.19, 1);
    expect(distanceKm(moab, moab)).toBe(0);
  });
  it('sorts nearest first and keeps the order of equal distances', () => {
    const seattle = { latitude: 47.61, longitude: -122.33 };
    expect(names(sortByDistance(ALL, seattle))).toEqual([
      'Icicle Creek Domes',
      'Ashland Hills Camp',
      'Red Rock Yurts',
      'Pine Hollow Cabins',
    ]);
    const twin = { ...moab, property_name: 'Twin' };
    expect(names(sortByDistance([moab, twin], moab))).toEqual(['Red Rock Yurts', 'Twin']);
  });
});

describe('searchListings', () => {
  it('applies every non-location filter exactly (spec section 7)', () => {
    expect(searchListings(ALL, filters({ state: 'Utah' }))).toEqual([moab]);
    expect(searchListings(ALL, filters({ accommodationType: 'Cabins' }))).toEqual([asheville]);
    expect(searchListings(ALL, filters({ setting: 'Mountains' }))).toEqual([leavenworth]);
    expect(searchListings(ALL, DEFAULT_FILTERS)).toEqual(ALL);
  });

  it('applies the one location rule: without a fuzzy matcher, exactly the listings matchesLocation accepts', () => {
    const sample = sampleListings().map(toBrowseListing);
    const texts = [
      '',
      'lake',
      'MOAB',
      ' Big Sur ',
      'ut',
      sample[7]!.zip_code,
      sample[300]!.city,
      'camp\nutah',
    ];
    for (const location of texts) {
      const f = filters({ location });
      const expected = sample.filter((l) => matchesChoices(l, f) && matchesLocation(l, location));
      expect(searchListings(sample, f), location).toEqual(expected);
    }
    expect(searchListings(sample, filters({ location: sample[7]!.zip_code })).length).toBeGreaterThan(0);
  });

  it('gives the same results key by key as searched afresh (it narrows from the last text on the same array)', () => {
    const sample = sampleListings().map(toBrowseListing);
    const zip = sample[7]!.zip_code;
    const typed = ['Lake', 'Ashvile', `${zip}x`, zip, ' Big Sur', 'Near Me'];
    const fresh = (f: Filters) => searchListings([...sample], f, { fuzzy: createFuzzyMatcher(sample) });
    const match = createFuzzyMatcher(sample);
    for (const state of [DEFAULT_FILTERS.state, 'Utah'] as const) {
      for (const text of typed) {
        for (let n = 1; n <= text.length; n++) {
          const f = filters({ location: text.slice(0, n), state });
          expect(searchListings(sample, f, { fuzzy: match }), f.location).toEqual(fresh(f));
        }
        // Deleting keys widens again, to every listing the other filters pass once the text is gone.
        const f = filters({ location: text.slice(0, 1), state });
        expect(searchListings(sample, f, { fuzzy: match })).toEqual(fresh(f));
        const cleared = filters({ location: '', state });
        expect(searchListings(sample, cleared, { fuzzy: match })).toEqual(fresh(cleared));
      }
    }
  });

  it('keeps the input order for exact location matches', () => {
    expect(searchListings(ALL, filters({ location: 'a' }), { fuzzy })).toEqual(ALL);
    expect(searchListings(ALL, filters({ location: '98826' }), { fuzzy })).toEqual([leavenworth]);
  });

  it('adds typo-tolerant matches after the exact ones, and only with a matcher', () => {
    expect(searchListings(ALL, filters({ location: 'Ashvile' }))).toEqual([]);
    expect(names(searchListings(ALL, filters({ location: 'Ashvile' }), { fuzzy }))).toEqual([
      'Pine Hollow Cabins',
    ]);
    expect(names(searchListings(ALL, filters({ location: 'Leavenwrth' }), { fuzzy }))).toEqual([
      'Icicle Creek Domes',
    ]);
    // 'Ashland' matches exactly, so it comes first; 'Asheville' is a near miss and follows.
    const ash = names(searchListings(ALL, filters({ location: 'Ashland' }), { fuzzy }));
    expect(ash[0]).toBe('Ashland Hills Camp');
    expect(new Set(ash).size).toBe(ash.length);
  });

  it('keeps typo-tolerant matches inside the other filters', () => {
    expect(searchListings(ALL, filters({ location: 'Ashvile', state: 'Utah' }), { fuzzy })).toEqual([]);
  });

  it("matches everything for 'Near Me' until the position is known, then sorts by distance", () => {
    expect(searchListings(ALL, filters({ location: 'Near Me' }))).toEqual(ALL);
    const origin = { latitude: 35.5, longitude: -82.5 };
    expect(names(searchListings(ALL, filters({ location: 'near me' }), { origin }))[0]).toBe(
      'Pine Hollow Cabins',
    );
    const utah = filters({ location: 'Near Me', state: 'Utah' });
    expect(searchListings(ALL, { ...utah, radius: 'any' }, { origin })).toEqual([moab]);
    // D27: Near Me is distance mode, so the radius (100 miles by default) applies: Moab is 1,600 miles away.
    expect(searchListings(ALL, utah, { origin })).toEqual([]);
  });
});

describe('createFuzzyMatcher', () => {
  it('splits text into lower-case words without apostrophes', () => {
    expect(words("Owl's Nest A-Frame, Sedona")).toEqual(['owls', 'nest', 'a', 'frame', 'sedona']);
  });

  it('needs every long word to match, and short words as typed', () => {
    expect(fuzzy('Pine Holow')).toEqual([1]);
    expect(fuzzy('Pine Desert')).toEqual([]);
    expect(fuzzy('Icicle Crek wa')).toEqual([2]);
    expect(fuzzy('Icicle Crek xz')).toEqual([]);
    expect(fuzzy('ab')).toEqual([]);
  });

  it('leaves unrelated words out', () => {
    expect(fuzzy('Zanzibar')).toEqual([]);
  });

  it('finds misspelt cities of the sample data', () => {
    const sample = sampleListings().map(toBrowseListing);
    const match = createFuzzyMatcher(sample);
    for (const [typo, city] of [
      ['Teluride', 'Telluride'],
      ['Leadvile', 'Leadville'],
      ['Galvestn', 'Galveston'],
    ] as const) {
      const found = match(typo).map((i) => sample[i]!.city);
      expect(found.length, typo).toBeGreaterThan(0);
      expect(found.filter((c) => c === city).length, typo).toBe(sample.filter((l) => l.city === city).length);
    }
  });

  it("builds the same matcher a slice at a time, pausing between slices (a phone's main thread)", async () => {
    const sample = sampleListings({ verified: 5000, pending: 0, rejected: 0 }).map(toBrowseListing);
    let pauses = 0;
    const sliced = await buildFuzzyMatcher(sample, async () => {
      pauses++;
    });
    expect(pauses).toBeGreaterThan(1);
    const whole = createFuzzyMatcher(sample);
    // The first listing's first long word begun: what the page's first matcher searched once to warm up.
    const warmed = words(sample[0]!.property_name)
      .find((w) => w.length > 3)!
      .slice(0, 4);
    for (const typo of [warmed, 'Ashvile', 'Teluride', 'Galvestn', 'Big Sr'])
      expect(sliced(typo), typo).toEqual(whole(typo));
    expect(sliced(warmed).length).toBeGreaterThan(0);
  });
});
