import { describe, expect, it } from 'vitest';
import { createNearestFinder, formatMiles, osmHref } from '../../src/domain/nearby';
import { distanceMiles } from '../../src/domain/search';

const place = (name: string, latitude: number, longitude: number) => ({ name, latitude, longitude });

describe('distanceMiles', () => {
  it('measures great-circle miles', () => {
    // Asheville NC to Boulder CO: about 1,290 miles as the crow flies.
    const d = distanceMiles(place('a', 35.5951, -82.5515), place('b', 40.015, -105.2705));
    expect(d).toBeGreaterThan(1270);
    expect(d).toBeLessThan(1310);
  });
});

describe('formatMiles', () => {
  it('rounds to whole miles', () => {
    expect(formatMiles(12.4)).toBe('12 mi');
    expect(formatMiles(1234.6)).toBe('1,235 mi');
    expect(formatMiles(0.3)).toBe('under 1 mi');
  });
});

describe('createNearestFinder', () => {
  // A deterministic scatter over the continental US and Alaska.
  let seed = 7;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  const points = Array.from({ length: 2000 }, (_, i) =>
    i % 10 === 0
      ? place(`ak${i}`, 55 + random() * 15, -165 + random() * 25)
      : place(`us${i}`, 25 + random() * 24, -124 + random() * 57),
  );
  const find = createNearestFinder(points);
  const brute = (origin: (typeof points)[number], count: number, maxMiles: number) =>
    points
      .filter((p) => p !== origin)
      .map((p) => ({ listing: p, miles: distanceMiles(origin, p) }))
      .filter((n) => n.miles <= maxMiles)
      .sort((a, b) => a.miles - b.miles)
      .slice(0, count);

  it('finds the same nearest neighbours as comparing every pair, nearest first', () => {
    for (const origin of points.slice(0, 300)) {
      expect(find(origin, 6, 250, origin).map((n) => n.listing.name)).toEqual(
        brute(origin, 6, 250).map((n) => n.listing.name),
      );
    }
  });

  it('leaves out the listing itself and anything beyond the distance', () => {
    const origin = points[0]!;
    const found = find(origin, 50, 100, origin);
    expect(found.some((n) => n.listing === origin)).toBe(false);
    expect(found.every((n) => n.miles <= 100)).toBe(true);
    expect(find(place('sea', -40, 0), 5, 250)).toEqual([]);
  });

  it('gives as many neighbours as asked when more listings than that share the listing’s own spot', () => {
    const spot = Array.from({ length: 9 }, (_, i) => place(`same${i}`, 40, -105));
    const finder = createNearestFinder([...spot, place('far', 41, -105)]);
    for (const origin of spot) {
      const found = finder(origin, 6, 250, origin);
      expect(found).toHaveLength(6);
      expect(found.some((n) => n.listing === origin)).toBe(false);
    }
    expect(finder(spot[0]!, 9, 250, spot[0]).map((n) => n.listing.name)).toContain('far');
  });

  it('finds nothing, without failing, when there are no listings (an empty directory builds)', () => {
    expect(createNearestFinder<(typeof points)[number]>([])(points[0]!, 6, 250)).toEqual([]);
  });

  it('works across the 180th meridian', () => {
    const finder = createNearestFinder([place('west', 52, 179.9), place('east', 52, -179.9)]);
    expect(finder(place('o', 52, 179.95), 2, 50).map((n) => n.listing.name)).toEqual(['west', 'east']);
  });
});

describe('osmHref', () => {
  it('points at the coordinates', () => {
    expect(osmHref(35.6, -82.55)).toBe(
      'https://www.openstreetmap.org/?mlat=35.6&mlon=-82.55#map=13/35.6/-82.55',
    );
  });
});
