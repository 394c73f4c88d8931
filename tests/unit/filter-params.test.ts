import { describe, expect, it } from 'vitest';
import { FILTER_PARAMS, filtersFromParams, filtersToParams } from '../../src/domain/filter-params';
import { DEFAULT_FILTERS, type Filters, normalizeFilters } from '../../src/domain/schemas/filters';

const filters = (over: Partial<Filters>) => normalizeFilters({ ...DEFAULT_FILTERS, ...over });
const params = (query: string) => new URLSearchParams(query);

describe('filtersFromParams', () => {
  it("reads the spec's search, state, type and setting, plus price and amenities (D13)", () => {
    expect(
      filtersFromParams(
        params('search=Moab&state=Utah&type=Yurts&setting=Desert&price=Luxury&amenities=Fire%20Pit,Parking'),
      ),
    ).toEqual({
      location: 'Moab',
      state: 'Utah',
      accommodationType: 'Yurts',
      setting: 'Desert',
      priceRange: 'Luxury',
      amenities: ['Fire Pit', 'Parking'],
    });
  });

  it('keeps the page preset for missing parameters, and lets a present one win', () => {
    const preset = filters({ state: 'Maine' });
    expect(filtersFromParams(params(''), preset)).toEqual(preset);
    expect(filtersFromParams(params('type=Cabins'), preset)).toEqual(
      filters({ state: 'Maine', accommodationType: 'Cabins' }),
    );
    expect(filtersFromParams(params('state=Texas'), preset).state).toBe('Texas');
  });

  it('falls back to the defaults for unknown or malformed values', () => {
    const f = filtersFromParams(
      params(
        `state=Atlantis&type=${encodeURIComponent('<script>alert(1)</script>')}&setting=1&price=free&amenities=Moat,,Parking,Parking`,
      ),
    );
    expect(f).toEqual(filters({ amenities: ['Parking'] }));
  });

  it('trims a very long search to a safe length', () => {
    const f = filtersFromParams(params(`search=${'x'.repeat(5000)}`));
    expect(f.location).toBe('x'.repeat(100));
    expect(filtersFromParams(params('search=%20%20Moab%20%20')).location).toBe('Moab');
  });

  it('turns an unknown value over a preset into the default, not the preset', () => {
    expect(filtersFromParams(params('state=Atlantis'), filters({ state: 'Maine' })).state).toBe('all-states');
  });
});

describe('filtersToParams', () => {
  it('writes only what differs from the preset, in a stable order', () => {
    expect(filtersToParams(DEFAULT_FILTERS).toString()).toBe('');
    const f = filters({ amenities: ['Parking', 'Fire Pit'], location: 'Big Sur', state: 'California' });
    expect(filtersToParams(f).toString()).toBe(
      'search=Big+Sur&state=California&amenities=Parking%2CFire+Pit',
    );
    expect(filtersToParams(filters({ state: 'Maine' }), filters({ state: 'Maine' })).toString()).toBe('');
    expect(filtersToParams(DEFAULT_FILTERS, filters({ state: 'Maine' })).toString()).toBe('state=all-states');
  });

  it('round-trips through filtersFromParams', () => {
    const cases = [
      filters({ location: 'Lake & Pines', setting: 'Lake', priceRange: 'Mid-Range' }),
      filters({ accommodationType: "Shepherd's Huts", amenities: ['WiFi/Internet', 'Hot Tub/Jacuzzi'] }),
      DEFAULT_FILTERS,
    ];
    for (const f of cases) expect(filtersFromParams(filtersToParams(f))).toEqual(f);
    const preset = filters({ accommodationType: 'Yurts' });
    const changed = filters({ state: 'Vermont' });
    expect(filtersFromParams(filtersToParams(changed, preset), preset)).toEqual(changed);
  });

  it('names one parameter per filter', () => {
    expect(Object.keys(FILTER_PARAMS).sort()).toEqual(Object.keys(DEFAULT_FILTERS).sort());
  });
});
