import { describe, expect, it } from 'vitest';
import { filtersFromParams, filtersToParams } from '../../src/domain/filter-params';
import { AMENITIES } from '../../src/domain/lists';
import {
  DEFAULT_FILTERS,
  hasActiveFilters,
  normalizeFilters,
  panelFilterCount,
  sortOptions,
} from '../../src/domain/schemas/filters';
import { type Sortable, sortListings } from '../../src/domain/sort';

interface Row extends Sortable {
  at: number;
}
const row = (at: number, over: Partial<Row> = {}): Row => ({
  at,
  property_name: `Camp ${at}`,
  featured: false,
  price_range: null,
  verified: '',
  ...over,
});
const context = { position: (l: Row) => l.at };
const names = (rows: readonly Row[]) => rows.map((r) => r.property_name);

describe('sortListings', () => {
  const rows = [
    row(2, { property_name: 'Cedar', price_range: 'Luxury', verified: '2026-03' }),
    row(0, { property_name: 'alder', price_range: null, verified: '2026-05' }),
    row(3, { property_name: 'Birch', price_range: 'Budget-Friendly', featured: true, verified: '2025-11' }),
    row(1, { property_name: 'Aspen', price_range: 'Ultra-Luxury', verified: '' }),
    row(4, { property_name: 'Dogwood', price_range: 'Mid-Range', verified: '2026-05' }),
  ];

  it("keeps the list's own order for the default and for distance (already nearest first)", () => {
    expect(sortListings(rows, '', context)).toBe(rows);
    expect(sortListings(rows, 'distance', context)).toBe(rows);
  });

  it('sorts by price both ways, listings without a price last either way', () => {
    expect(names(sortListings(rows, 'price-asc', context))).toEqual([
      'Birch',
      'Dogwood',
      'Cedar',
      'Aspen',
      'alder',
    ]);
    expect(names(sortListings(rows, 'price-desc', context))).toEqual([
      'Aspen',
      'Cedar',
      'Dogwood',
      'Birch',
      'alder',
    ]);
  });

  it('recommended: featured first, then most recently verified, ties in the given order, unknown dates last', () => {
    expect(names(sortListings(rows, 'recommended', context))).toEqual([
      'Birch',
      'alder',
      'Dogwood',
      'Cedar',
      'Aspen',
    ]);
  });

  it('recommended works before listings carry a verification month', () => {
    const bare = [
      { property_name: 'A', featured: false, price_range: null },
      { property_name: 'B', featured: true, price_range: null },
    ];
    expect(sortListings(bare, 'recommended', { position: () => 0 }).map((r) => r.property_name)).toEqual([
      'B',
      'A',
    ]);
  });

  it('newest follows the position in the whole set; name is A–Z ignoring case', () => {
    expect(names(sortListings(rows, 'newest', context))).toEqual([
      'alder',
      'Aspen',
      'Cedar',
      'Birch',
      'Dogwood',
    ]);
    expect(names(sortListings(rows, 'name', context))).toEqual([
      'alder',
      'Aspen',
      'Birch',
      'Cedar',
      'Dogwood',
    ]);
  });

  it('never adds or drops a listing, and leaves its input alone', () => {
    const copy = [...rows];
    for (const sort of sortOptions(true)) {
      expect(new Set(sortListings(rows, sort, context))).toEqual(new Set(rows));
    }
    expect(rows).toEqual(copy);
  });
});

describe('sort in the filter set and the URL', () => {
  it('offers Distance only in distance mode', () => {
    expect(sortOptions(false)).not.toContain('distance');
    expect(sortOptions(true)).toContain('distance');
  });

  it('round-trips through the URL, the default left out, an unknown value falling back to it', () => {
    const sorted = normalizeFilters({ ...DEFAULT_FILTERS, sort: 'price-desc' });
    expect(filtersToParams(sorted).toString()).toBe('sort=price-desc');
    expect(filtersFromParams(new URLSearchParams('sort=price-desc'))).toEqual(sorted);
    expect(filtersToParams(DEFAULT_FILTERS).toString()).toBe('');
    expect(filtersFromParams(new URLSearchParams('sort=cheapest')).sort).toBe('');
  });

  it('is not a filter: it alone does not offer Clear All', () => {
    expect(hasActiveFilters(normalizeFilters({ sort: 'name' }))).toBe(false);
    expect(hasActiveFilters(normalizeFilters({ sort: 'name', state: 'Utah' }))).toBe(true);
  });
});

describe('panelFilterCount', () => {
  it("counts the panel's filters, each amenity, not the location, view, area or sort", () => {
    expect(panelFilterCount(DEFAULT_FILTERS)).toBe(0);
    expect(
      panelFilterCount(
        normalizeFilters({
          location: 'Moab',
          sort: 'name',
          view: 'map',
          state: 'Utah',
          amenities: AMENITIES.slice(0, 2),
        }),
      ),
    ).toBe(3);
  });
});
