import { describe, expect, it } from 'vitest';
import { filterListings } from '../../src/domain/filter';
import { inArea, normalizeArea, parseArea } from '../../src/domain/map-area';
import {
  areaText,
  boundsOf,
  clusterLabel,
  clusterText,
  toPointFeatures,
} from '../../src/domain/map-clusters';
import { DEFAULT_FILTERS } from '../../src/domain/schemas/filters';
import { searchListings } from '../../src/domain/search';

const at = (property_name: string, latitude: number, longitude: number) => ({
  property_name,
  city: 'Somewhere',
  state: 'Utah',
  zip_code: '84532',
  accommodation_type: 'Yurts',
  setting_type: 'Desert',
  price_range: null,
  amenities: [] as string[],
  latitude,
  longitude,
});

// Moab, Asheville and Santa Cruz.
const MOAB = at('Red Rock Yurts', 38.57, -109.55);
const ASHEVILLE = at('Pine Hollow Cabins', 35.6, -82.55);
const SANTA_CRUZ = at('Ocean Bell Tents', 36.97, -122.03);
const ALL = [MOAB, ASHEVILLE, SANTA_CRUZ];

describe('parseArea', () => {
  it('reads south,west,north,east', () => {
    expect(parseArea('35,-83.5,36.5,-82')).toEqual({ south: 35, west: -83.5, north: 36.5, east: -82 });
  });

  it('refuses anything that is not a box on the globe', () => {
    for (const bad of [
      '',
      '1,2,3',
      '36,-83,35,-82',
      '35,-82,36,-83',
      '-91,0,1,1',
      '0,-181,1,1',
      '1e3,0,1,1',
      'x',
    ])
      expect(parseArea(bad)).toBeNull();
  });
});

describe('areaText / normalizeArea', () => {
  it('writes the bounds a map shows with at most 4 decimals, kept on the globe', () => {
    expect(areaText({ south: 35.123449, west: -83.000001, north: 36.5, east: -82.55557 })).toBe(
      '35.1234,-83,36.5,-82.5556',
    );
    expect(normalizeArea(areaText({ south: -95, west: -250, north: 91, east: 200 }))).toBe('-90,-180,90,180');
  });

  it('gives the empty area for invalid input, and is idempotent', () => {
    expect(normalizeArea(42)).toBe('');
    expect(normalizeArea('nonsense')).toBe('');
    const text = normalizeArea(' 35.00, -83.5 ,36.5,-82');
    expect(text).toBe('35,-83.5,36.5,-82');
    expect(normalizeArea(text)).toBe(text);
  });
});

describe('inArea', () => {
  it('contains the points inside the box, edges included', () => {
    expect(inArea(ASHEVILLE, '35,-83,36,-82')).toBe(true);
    expect(inArea(ASHEVILLE, '35.6,-82.55,36,-82')).toBe(true);
    expect(inArea(MOAB, '35,-83,36,-82')).toBe(false);
    expect(inArea({}, '35,-83,36,-82')).toBe(false);
    expect(inArea(MOAB, '')).toBe(true);
  });
});

describe('the area as a filter', () => {
  it('keeps only listings inside the area, with the other filters', () => {
    const area = '34,-125,40,-100';
    expect(filterListings(ALL, { ...DEFAULT_FILTERS, area })).toEqual([MOAB, SANTA_CRUZ]);
    expect(searchListings(ALL, { ...DEFAULT_FILTERS, area, location: 'Ocean' })).toEqual([SANTA_CRUZ]);
    expect(searchListings(ALL, { ...DEFAULT_FILTERS, view: 'map' })).toEqual(ALL);
  });
});

describe('map clusters', () => {
  it('makes GeoJSON points in [longitude, latitude] order, pointing back at each listing', () => {
    expect(toPointFeatures([MOAB])[0]).toEqual({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-109.55, 38.57] },
      properties: { index: 0 },
    });
  });

  it('boxes every listing', () => {
    expect(boundsOf(ALL)).toEqual({ south: 35.6, west: -122.03, north: 38.57, east: -82.55 });
    expect(boundsOf([])).toBeNull();
  });

  it('names and labels clusters', () => {
    expect(clusterLabel(24)).toBe('Cluster of 24 listings, zoom in');
    expect(clusterLabel(1234)).toBe('Cluster of 1,234 listings, zoom in');
    expect(clusterText(999)).toBe('999');
    expect(clusterText(1234)).toBe('1.2k');
  });
});
