import { describe, expect, it } from 'vitest';
import { placesCount } from '../../src/domain/format';
import { relaxations, widerRadius } from '../../src/domain/relax';
import { type Filters, normalizeFilters } from '../../src/domain/schemas/filters';
import { type Coordinates, type Searchable, searchListings } from '../../src/domain/search';

const at = (over: Partial<Searchable> & { property_name: string }): Searchable => ({
  city: 'Denver',
  state: 'Colorado',
  zip_code: '80202',
  latitude: 39.74,
  longitude: -104.99,
  accommodation_type: 'Yurts',
  setting_type: 'Mountains',
  price_range: 'Luxury',
  amenities: ['WiFi/Internet'],
  ...over,
});

// Denver itself has nothing; Boulder is about 25 miles away, Colorado Springs about 65, Aspen about 125.
const DENVER: Coordinates = { latitude: 39.74, longitude: -104.99 };
const LISTINGS = [
  at({ property_name: 'Springs Yurts', city: 'Colorado Springs', latitude: 38.83, longitude: -104.82 }),
  at({
    property_name: 'Aspen Domes',
    city: 'Aspen',
    latitude: 39.19,
    longitude: -106.82,
    accommodation_type: 'Domes (Geodomes)',
    amenities: ['Hot Tub/Jacuzzi', 'WiFi/Internet'],
  }),
  at({
    property_name: 'Aspen Cabins',
    city: 'Aspen',
    latitude: 39.19,
    longitude: -106.82,
    accommodation_type: 'Cabins',
    amenities: ['Hot Tub/Jacuzzi'],
  }),
];
const filters = (over: Record<string, unknown>): Filters => normalizeFilters(over);
const countWith =
  (origin: Coordinates | null) =>
  (f: Filters): number =>
    searchListings(LISTINGS, f, { origin }).length;

describe('an empty result’s ways out', () => {
  it('near a place: the smallest wider radius that finds something, with its count, comes first', () => {
    const f = filters({ location: 'Near Me', radius: '25' });
    expect(searchListings(LISTINGS, f, { origin: DENVER })).toEqual([]);
    const ways = relaxations(f, countWith(DENVER));
    expect(ways.map((w) => [w.label, w.count])).toEqual([['Widen to 100 miles', 1]]);
    expect(ways[0]?.filters.radius).toBe('100');
  });

  it('each filter dropped on its own, those finding most first', () => {
    const f = filters({ amenities: ['Hot Tub/Jacuzzi'], accommodationType: 'Yurts' });
    expect(searchListings(LISTINGS, f)).toEqual([]);
    const ways = relaxations(f, countWith(null));
    expect(ways.map((w) => `${w.label}: ${placesCount(w.count)}`)).toEqual([
      'Any type, not only Yurts: 2 places',
      'Without Hot Tub/Jacuzzi: 1 place',
    ]);
    expect(ways[1]?.filters.amenities).toEqual([]);
    // Any one of several amenities matches, so only dropping them all loosens the search.
    const two = filters({ amenities: ['Hot Tub/Jacuzzi', 'Fire Pit'], accommodationType: 'Yurts' });
    expect(relaxations(two, countWith(null)).map((w) => w.label)).toContain('Without the amenities chosen');
  });

  it('leaves out a change the loaded listings cannot count, and one that finds nothing either', () => {
    const f = filters({
      amenities: ['Hot Tub/Jacuzzi'],
      accommodationType: 'Safari Tents',
      state: 'Colorado',
    });
    const count = (g: Filters) => (g.state === 'Colorado' ? countWith(null)(g) : null);
    expect(relaxations(f, count).map((w) => w.label)).toEqual(['Any type, not only Safari Tents']);
    expect(relaxations(filters({ location: 'qqqxxzz' }), () => 0)).toEqual([]);
  });

  it('offers at most three', () => {
    const f = filters({ amenities: ['Fire Pit'], pets: true, kids: true, accessible: true });
    expect(relaxations(f, () => 4)).toHaveLength(3);
  });

  it('the next radius step to load for: none beyond 250 miles, none outside distance mode', () => {
    expect(widerRadius(filters({ location: 'Near Me', radius: '50' }))?.radius).toBe('100');
    expect(widerRadius(filters({ location: 'Near Me', radius: '250' }))).toBeNull();
    expect(widerRadius(filters({ location: 'Denver' }))).toBeNull();
  });

  it('counts in words', () => {
    expect(placesCount(1)).toBe('1 place');
    expect(placesCount(1200)).toBe('1,200 places');
  });
});
