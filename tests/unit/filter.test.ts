import { describe, expect, it } from 'vitest';
import { type Filterable, filterListings } from '../../src/domain/filter';
import {
  DEFAULT_FILTERS,
  type Filters,
  filtersSchema,
  hasActiveFilters,
} from '../../src/domain/schemas/filters';

const listing = (over: Partial<Filterable> & { property_name: string }) => ({
  city: 'Moab',
  state: 'Utah',
  zip_code: '84532',
  accommodation_type: 'Yurts',
  setting_type: 'Desert',
  price_range: 'Luxury' as string | null,
  amenities: ['WiFi/Internet', 'Parking'] as readonly string[],
  ...over,
});

const A = listing({ property_name: 'Red Rock Yurts' });
const B = listing({
  property_name: 'Pine Hollow Cabins',
  city: 'Asheville',
  state: 'North Carolina',
  zip_code: '28801',
  accommodation_type: 'Cabins',
  setting_type: 'Forest',
  price_range: null,
  amenities: ['Fire Pit'],
});
const C = listing({
  property_name: 'Ocean Bell Tents',
  city: 'Santa Cruz',
  state: 'California',
  zip_code: '95060',
  accommodation_type: 'Bell Tents',
  setting_type: 'Ocean/Beach',
  price_range: 'Mid-Range',
  amenities: [],
});
const ALL = [A, B, C];
const withFilters = (over: Partial<Filters>) => filtersSchema.parse({ ...DEFAULT_FILTERS, ...over });

describe('filterListings', () => {
  it('returns every listing, in order, for the default filter set', () => {
    expect(filterListings(ALL, DEFAULT_FILTERS)).toEqual(ALL);
  });

  it('matches location case-insensitively against property name, city or state', () => {
    expect(filterListings(ALL, withFilters({ location: 'pine' }))).toEqual([B]);
    expect(filterListings(ALL, withFilters({ location: 'SANTA' }))).toEqual([C]);
    expect(filterListings(ALL, withFilters({ location: 'north car' }))).toEqual([B]);
    expect(filterListings(ALL, withFilters({ location: '  utah ' }))).toEqual([A]);
  });

  it('matches a 5-digit ZIP against zip_code (D14)', () => {
    expect(filterListings(ALL, withFilters({ location: ' 28801 ' }))).toEqual([B]);
    expect(filterListings(ALL, withFilters({ location: '2880' }))).toEqual([]);
  });

  it('does not match location against other fields', () => {
    expect(filterListings(ALL, withFilters({ location: 'Desert' }))).toEqual([]);
  });

  it('applies state, type, setting and price unless their "all" value is chosen', () => {
    expect(filterListings(ALL, withFilters({ state: 'California' }))).toEqual([C]);
    expect(filterListings(ALL, withFilters({ accommodationType: 'Cabins' }))).toEqual([B]);
    expect(filterListings(ALL, withFilters({ setting: 'Desert' }))).toEqual([A]);
    expect(filterListings(ALL, withFilters({ priceRange: 'Mid-Range' }))).toEqual([C]);
  });

  it('never matches a listing without price range when a price is chosen', () => {
    expect(filterListings(ALL, withFilters({ priceRange: 'Luxury' }))).toEqual([A]);
  });

  it('matches listings having ANY of the chosen amenities', () => {
    expect(filterListings(ALL, withFilters({ amenities: ['Fire Pit', 'Parking'] }))).toEqual([A, B]);
    expect(filterListings(ALL, withFilters({ amenities: ['Hot Tub/Jacuzzi'] }))).toEqual([]);
  });

  it('combines filters with AND', () => {
    expect(filterListings(ALL, withFilters({ state: 'Utah', amenities: ['Fire Pit'] }))).toEqual([]);
    expect(filterListings(ALL, withFilters({ location: 'a', state: 'Utah' }))).toEqual([A]);
  });
});

describe('filtersSchema', () => {
  it('falls back to defaults for unknown or malformed values', () => {
    const f = filtersSchema.parse({
      state: 'Atlantis',
      accommodationType: '<script>',
      setting: 42,
      priceRange: 'free',
      amenities: ['Parking', 'Moat', 'Parking'],
      location: 'x'.repeat(5000),
    });
    expect(f.state).toBe('all-states');
    expect(f.accommodationType).toBe('all-types');
    expect(f.setting).toBe('all-settings');
    expect(f.priceRange).toBe('all-prices');
    expect(f.amenities).toEqual(['Parking']);
    expect(f.location).toHaveLength(100);
  });

  it('reports active filters only when one differs from its default', () => {
    expect(hasActiveFilters(DEFAULT_FILTERS)).toBe(false);
    expect(hasActiveFilters(withFilters({ amenities: ['Parking'] }))).toBe(true);
    expect(hasActiveFilters(withFilters({ location: 'Moab' }))).toBe(true);
  });
});
