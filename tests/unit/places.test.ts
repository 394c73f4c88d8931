import { describe, expect, it } from 'vitest';
import { STATE_BOUNDS } from '../../scripts/lib/sample/places';
import { findInGazetteer, loadGazetteer } from '../../src/data/gazetteer';
import { filtersFromParams, filtersToParams } from '../../src/domain/filter-params';
import type { UsState } from '../../src/domain/lists';
import { findPlace, placeLabel, suggestPlaces } from '../../src/domain/places/gazetteer';
import { gazetteerPieces } from '../../src/domain/places/gazetteer-build';
import { pieceOfNear, pieceOfText } from '../../src/domain/places/keys';
import { formatDistance, isDistanceMode, nearOf, radiusMiles } from '../../src/domain/places/near';
import { placeByAddress } from '../../src/domain/places/placement';
import { STATE_CENTRES } from '../../src/domain/places/state-centres';
import { isNearKey, townKey } from '../../src/domain/places/state-codes';
import { DEFAULT_FILTERS, type Filters, normalizeFilters } from '../../src/domain/schemas/filters';
import { distanceMiles, searchListings } from '../../src/domain/search';

const gazetteer = await loadGazetteer();
const pieces = gazetteerPieces(gazetteer);
const piece = (text: string) => pieces.get(pieceOfText(text) ?? '') ?? { states: {} };
const labels = (text: string) => suggestPlaces(piece(text), text).map(placeLabel);
const filters = (over: Partial<Filters>) => normalizeFilters({ ...DEFAULT_FILTERS, ...over });

describe('the gazetteer', () => {
  it('holds the ZIP codes and towns of the 50 states only (no DC, territories or military codes)', () => {
    expect(gazetteer.zips.size).toBeGreaterThan(40_000);
    expect(gazetteer.towns.size).toBeGreaterThan(25_000);
    expect(gazetteer.states.size).toBe(50);
    expect(gazetteer.zips.get('20001')).toBeUndefined(); // Washington, DC
    expect(gazetteer.zips.get('00901')).toBeUndefined(); // San Juan, PR
    expect([...gazetteer.zips.values()].every((z) => z.latitude !== 0 && z.longitude !== 0)).toBe(true);
  });

  it("names every state by its own code: each state's centre lies inside that state's bounds", () => {
    for (const [state, [south, north, west, east]] of Object.entries(STATE_BOUNDS)) {
      const centre = gazetteer.states.get(state as UsState)!;
      expect(centre.latitude, state).toBeGreaterThan(south - 1);
      expect(centre.latitude, state).toBeLessThan(north + 1);
      expect(centre.longitude, state).toBeGreaterThan(west - 1);
      expect(centre.longitude, state).toBeLessThan(east + 1);
    }
  });

  it('places a town at the mean of its ZIP codes', () => {
    const asheville = gazetteer.towns.get('asheville-nc')!;
    expect(asheville.latitude).toBeCloseTo(35.6, 1);
    expect(asheville.longitude).toBeCloseTo(-82.55, 1);
    expect(asheville.weight).toBe(11);
  });

  it('keeps company ZIP names out of the towns', () => {
    expect([...gazetteer.towns.values()].some((t) => /[0-9&]/.test(t.city))).toBe(false);
  });
});

describe('keys', () => {
  it('makes a town key from the city slug and the lower-case state code', () => {
    expect(townKey('Asheville', 'North Carolina')).toBe('asheville-nc');
    expect(townKey("Coeur d'Alene", 'Idaho')).toBe('coeur-dalene-id');
  });

  it('accepts ZIP codes and town keys of the 50 states only', () => {
    for (const ok of ['80302', 'asheville-nc', 'st-louis-mo']) expect(isNearKey(ok), ok).toBe(true);
    for (const bad of ['8030', 'asheville', 'washington-dc', 'san-juan-pr', 'Asheville-NC', '<x>-nc', ''])
      expect(isNearKey(bad), bad).toBe(false);
  });

  it('names the piece of a key and of a typed text', () => {
    expect(pieceOfNear('80302')).toBe('803');
    expect(pieceOfNear('asheville-nc')).toBe('as');
    expect(pieceOfText('Ashev')).toBe('as');
    expect(pieceOfText(' 803')).toBe('803');
    expect(pieceOfText('A')).toBeNull();
    expect(pieceOfText('80')).toBeNull();
    expect(pieceOfText('8030x')).toBeNull();
  });
});

describe('suggestPlaces', () => {
  it('suggests Asheville, North Carolina for "Ashev"', () => {
    expect(labels('Ashev')[0]).toBe('Asheville, North Carolina');
  });

  it('puts an exact name first, then bigger towns', () => {
    const springfield = labels('Springfield');
    expect(springfield).toHaveLength(8);
    expect(springfield.every((l) => l.startsWith('Springfield, '))).toBe(true);
    expect(labels('Boulder')[0]).toBe('Boulder, Colorado');
  });

  it('narrows to a state after a comma, by name or code', () => {
    expect(labels('Portland, me')).toEqual(['Portland, Maine']);
    expect(labels('Portland, Ore')).toEqual(['Portland, Oregon']);
  });

  it('suggests ZIP codes by prefix with their town', () => {
    expect(labels('80302')).toEqual(['80302 Boulder, Colorado']);
    expect(labels('803').length).toBeGreaterThan(1);
    expect(labels('803').every((l) => l.startsWith('803'))).toBe(true);
  });

  it('suggests nothing for text that is no place', () => {
    expect(labels('Zzqx')).toEqual([]);
  });

  it('finds the place of a key in its piece', () => {
    const place = findPlace(pieces.get(pieceOfNear('asheville-nc'))!, 'asheville-nc');
    expect(place && placeLabel(place)).toBe('Asheville, North Carolina');
    expect(findPlace(pieces.get('803')!, '80302')?.city).toBe('Boulder');
  });

  it('keeps each piece small: at most 30 KB gzipped', async () => {
    const { gzipSync } = await import('node:zlib');
    const biggest = Math.max(...[...pieces.values()].map((p) => gzipSync(JSON.stringify(p)).length));
    expect(biggest).toBeLessThan(30 * 1024);
  });
});

describe('distance', () => {
  it('measures miles along the great circle', () => {
    const asheville = gazetteer.towns.get('asheville-nc')!;
    const boulder = gazetteer.zips.get('80302')!;
    expect(distanceMiles(asheville, boulder)).toBeGreaterThan(1250);
    expect(distanceMiles(asheville, boulder)).toBeLessThan(1300);
    expect(distanceMiles(asheville, asheville)).toBe(0);
  });

  it('writes "23 mi away"', () => {
    expect(formatDistance(23.4)).toBe('23 mi away');
    expect(formatDistance(1234.4)).toBe('1234 mi away');
    expect(formatDistance(0.2)).toBe('Under 1 mi away');
  });

  it('reads the radius in miles, "any" as no limit', () => {
    expect(radiusMiles('25')).toBe(25);
    expect(radiusMiles('any')).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('distance mode', () => {
  it('starts with a chosen place, a typed 5-digit ZIP or Near Me, not with other text', () => {
    expect(nearOf(filters({ location: 'Asheville, North Carolina', near: 'asheville-nc' }))).toBe(
      'asheville-nc',
    );
    expect(nearOf(filters({ location: ' 80302 ' }))).toBe('80302');
    expect(isDistanceMode(filters({ location: 'Near Me' }))).toBe(true);
    expect(isDistanceMode(filters({ location: 'Asheville' }))).toBe(false);
    expect(isDistanceMode(filters({ location: '8030' }))).toBe(false);
  });

  it('sorts by distance from the origin and keeps only those within the radius', () => {
    const origin = gazetteer.towns.get('asheville-nc')!;
    const at = (slug: string, latitude: number, longitude: number) => ({
      slug,
      property_name: slug,
      city: 'Somewhere',
      state: 'North Carolina',
      zip_code: '28000',
      accommodation_type: 'Yurts',
      setting_type: 'Mountains',
      price_range: null,
      amenities: [],
      latitude,
      longitude,
    });
    const listings = [
      at('boone', 36.22, -81.67),
      at('hendersonville', 35.32, -82.46),
      at('wilmington', 34.23, -77.94),
    ];
    const near = (radius: Filters['radius']) =>
      searchListings(listings, filters({ near: 'asheville-nc', radius }), { origin }).map((l) => l.slug);
    expect(near('100')).toEqual(['hendersonville', 'boone']);
    expect(near('25')).toEqual(['hendersonville']);
    expect(near('any')).toEqual(['hendersonville', 'boone', 'wilmington']);
  });
});

describe('near and radius in the URL', () => {
  it('round-trip, the default radius left out', () => {
    const f = filters({ location: 'Asheville, North Carolina', near: 'asheville-nc', radius: '50' });
    const query = filtersToParams(f).toString();
    expect(query).toBe('search=Asheville%2C+North+Carolina&near=asheville-nc&radius=50');
    expect(filtersFromParams(new URLSearchParams(query))).toEqual(f);
    expect(filtersToParams(filters({ near: '80302' })).toString()).toBe('near=80302');
  });

  it('drops an unknown place or radius', () => {
    const f = filtersFromParams(new URLSearchParams('near=%3Cscript%3E&radius=7'));
    expect([f.near, f.radius]).toEqual(['', '100']);
    expect(filtersFromParams(new URLSearchParams('near=Asheville-NC')).near).toBe('asheville-nc');
  });
});

describe('placeByAddress (D28)', () => {
  const place = (zip: string, city: string, state: UsState) =>
    placeByAddress(findInGazetteer, { zip, city, state });

  it('uses the ZIP code, else the town, else the state centre', async () => {
    expect(await place('28801', 'Asheville', 'North Carolina')).toMatchObject({
      source: 'zip',
      latitude: 35.5971,
    });
    const town = await place('28899', 'Asheville', 'North Carolina');
    expect(town).toMatchObject({ source: 'town', latitude: gazetteer.towns.get('asheville-nc')!.latitude });
    expect((await place('28899', 'Nowhere', 'Montana')).source).toBe('state');
  });

  it('never trusts a ZIP code of another state: a Montana listing never lands in Manhattan', async () => {
    const p = await place('10001', 'Bozeman', 'Montana');
    expect(p.source).toBe('town');
    expect(distanceMiles(p, gazetteer.zips.get('10001')!)).toBeGreaterThan(1500);
  });

  it('goes to the next rule when the gazetteer cannot be read', async () => {
    const unreadable = () => Promise.reject(new Error('HTTP 503'));
    const p = await placeByAddress(unreadable, { zip: '59715', city: 'Bozeman', state: 'Montana' });
    expect(p.source).toBe('state');
    expect(distanceMiles(p, { latitude: 47, longitude: -109.6 })).toBeLessThan(150);
  });

  it("knows each state's centre without the gazetteer, as the gazetteer has it", () => {
    for (const [state, [latitude, longitude]] of Object.entries(STATE_CENTRES)) {
      const centre = gazetteer.states.get(state as UsState)!;
      expect(Math.abs(centre.latitude - latitude), state).toBeLessThan(0.01);
      expect(Math.abs(centre.longitude - longitude), state).toBeLessThan(0.01);
    }
  });
});
