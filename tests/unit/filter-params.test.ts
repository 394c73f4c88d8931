import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FILTER_PARAMS, filtersFromParams, filtersToParams } from '../../src/domain/filter-params';
import {
  ACCOMMODATION_TYPES,
  AMENITIES,
  PRICE_RANGE_VALUES,
  SETTING_TYPES,
  US_STATES,
} from '../../src/domain/lists';
import {
  DEFAULT_FILTERS,
  type Filters,
  hasActiveFilters,
  normalizeFilters,
} from '../../src/domain/schemas/filters';

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
      view: 'list',
      area: '',
      near: '',
      radius: '100',
      sort: '',
      open: '',
      pets: false,
      kids: false,
      accessible: false,
      sleeps: 0,
      rating: 0,
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

  it('is read back as the same filter set, for any filter set over any preset (the URL is the store written down)', () => {
    const oneOf = <T extends string>(all: T, values: readonly T[]) => fc.constantFrom(all, ...values);
    // Any unicode text a visitor can type, with spaces around it and inside it.
    const typed = fc.string({ unit: 'grapheme', maxLength: 120 });
    const filterSet = fc
      .record({
        location: fc.oneof(typed, fc.constantFrom('', ' Big Sur ', 'Lake, Pines & Co', '84532', 'Near Me')),
        state: oneOf('all-states', US_STATES),
        accommodationType: oneOf('all-types', ACCOMMODATION_TYPES),
        setting: oneOf('all-settings', SETTING_TYPES),
        priceRange: oneOf('all-prices', PRICE_RANGE_VALUES),
        amenities: fc.uniqueArray(fc.constantFrom(...AMENITIES)),
        // --- Map ---
        view: fc.constantFrom('list', 'map'),
        area: fc.oneof(
          fc.constant(''),
          fc
            .tuple(
              fc.double({ min: -90, max: 89, noNaN: true }),
              fc.double({ min: -180, max: 179, noNaN: true }),
              fc.double({ min: 0.001, max: 1, noNaN: true }),
            )
            .map(
              ([s, w, d]) => `${s.toFixed(5)},${w.toFixed(5)},${(s + d).toFixed(5)},${(w + d).toFixed(5)}`,
            ),
        ),
      })
      .map(normalizeFilters);
    fc.assert(
      fc.property(filterSet, fc.oneof(fc.constant(DEFAULT_FILTERS), filterSet), (f, preset) => {
        const query = filtersToParams(f, preset).toString();
        // The location goes into the URL trimmed; everything else exactly.
        const shared = normalizeFilters({ ...f, location: f.location.trim() });
        expect(filtersFromParams(new URLSearchParams(query), preset)).toEqual(shared);
        expect(filtersToParams(shared, preset).toString()).toBe(query);
      }),
      { numRuns: 500 },
    );
  });

  it('names one parameter per filter', () => {
    expect(Object.keys(FILTER_PARAMS).sort()).toEqual(Object.keys(DEFAULT_FILTERS).sort());
  });
});

describe('normalizeFilters', () => {
  it('keeps the spaces a visitor types between and after words, so "Big Sur" can be typed key by key', () => {
    let typed = '';
    for (const key of ' Big Sur')
      typed = normalizeFilters({ ...DEFAULT_FILTERS, location: typed + key }).location;
    expect(typed).toBe('Big Sur');
    expect(normalizeFilters({ location: 'Big ' }).location).toBe('Big ');
  });

  it('reads and writes the location trimmed in the URL', () => {
    const read = filtersFromParams(new URLSearchParams('search=%20%20Big%20Sur%20%20'));
    expect(read.location).toBe('Big Sur');
    expect(filtersToParams({ ...DEFAULT_FILTERS, location: 'Big ' }).get('search')).toBe('Big');
  });

  const valid = (f: Filters) =>
    typeof f.location === 'string' &&
    f.location.length <= 100 &&
    f.location === f.location.trimStart() &&
    ['all-states', ...US_STATES].includes(f.state) &&
    ['all-types', ...ACCOMMODATION_TYPES].includes(f.accommodationType) &&
    ['all-settings', ...SETTING_TYPES].includes(f.setting) &&
    ['all-prices', ...PRICE_RANGE_VALUES].includes(f.priceRange) &&
    f.amenities.every((a) => (AMENITIES as readonly string[]).includes(a)) &&
    new Set(f.amenities).size === f.amenities.length;

  it('turns any input into a valid filter set, and is idempotent', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.constantFrom(...US_STATES, ...SETTING_TYPES, 'Near Me'),
    );
    const input = fc.record(
      {
        location: fc.oneof(text, fc.integer(), fc.constant(null)),
        state: fc.oneof(text, fc.constant(undefined)),
        accommodationType: fc.oneof(text, fc.constantFrom(...ACCOMMODATION_TYPES)),
        setting: text,
        priceRange: fc.oneof(text, fc.constantFrom(...PRICE_RANGE_VALUES)),
        amenities: fc.oneof(
          fc.array(fc.oneof(text, fc.constantFrom(...AMENITIES))),
          fc.string(),
          fc.constant(null),
        ),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(input, fc.anything()), (x) => {
        const f = normalizeFilters(x);
        expect(valid(f)).toBe(true);
        expect(normalizeFilters(f)).toEqual(f);
      }),
    );
  });
});

describe('map view and area in the URL', () => {
  it('reads view=map and a canonical area, and writes them back only when set', () => {
    const f = filtersFromParams(params('view=map&area=35.1,-83.2,36.05,-82.1&state=North%20Carolina'));
    expect(f.view).toBe('map');
    expect(f.area).toBe('35.1,-83.2,36.05,-82.1');
    expect(filtersToParams(f).toString()).toBe(
      'state=North+Carolina&view=map&area=35.1%2C-83.2%2C36.05%2C-82.1',
    );
    expect(filtersToParams(filters({ view: 'list', area: '' })).toString()).toBe('');
  });

  it('rounds an area to 4 decimals and drops one that is not a box', () => {
    expect(filtersFromParams(params('area=35.123456,-83.2,36,-82.000049')).area).toBe('35.1235,-83.2,36,-82');
    for (const bad of [
      '1,2,3',
      '36,-83,35,-82',
      '35,-82,36,-83',
      '35,-83,95,-82',
      'a,b,c,d',
      '35,-83,36,-82,1',
    ])
      expect(filtersFromParams(params(`area=${bad}`)).area).toBe('');
    expect(filtersFromParams(params('view=satellite')).view).toBe('list');
  });

  it('counts the area as an active filter, but not the view', () => {
    expect(hasActiveFilters(filters({ view: 'map' }))).toBe(false);
    expect(hasActiveFilters(filters({ area: '35,-83,36,-82' }))).toBe(true);
  });
});
