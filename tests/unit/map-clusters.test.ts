import Supercluster from 'supercluster';
import { describe, expect, it } from 'vitest';
import { toPointFeatures } from '../../src/domain/map-clusters';

// 10,000 listings spread over the lower 48, as the browse map gets them at the bench's size.
let seed = 11;
const random = () => {
  seed = (seed * 16807) % 2147483647;
  return seed / 2147483647;
};
const listings = Array.from({ length: 10_000 }, () => ({
  latitude: 25 + random() * 24,
  longitude: -124 + random() * 57,
}));

describe('clustering the browse map (supercluster, as ResultsMap configures it)', () => {
  const index = new Supercluster<{ index: number }>({ radius: 60, maxZoom: 15 }).load(
    toPointFeatures(listings),
  );
  type Feature = ReturnType<typeof index.getClusters>[number];
  const held = (features: Feature[]) =>
    features.reduce(
      (sum, f) => sum + ('cluster' in f.properties && f.properties.cluster ? f.properties.point_count : 1),
      0,
    );

  it('draws every listing, as a few dozen markers, when the whole country is in view', () => {
    const features = index.getClusters([-130, 20, -60, 55], 4);
    expect(held(features)).toBe(10_000);
    expect(features.length).toBeLessThan(150);
  });

  it('splits clusters as the map zooms in, down to single listings that point back at their row', () => {
    const box: [number, number, number, number] = [-105.5, 39.5, -104.5, 40.5];
    const close = index.getClusters(box, 16);
    expect(close.every((f) => !('cluster' in f.properties))).toBe(true);
    const inBox = listings.filter(
      (l) => l.longitude >= -105.5 && l.longitude <= -104.5 && l.latitude >= 39.5 && l.latitude <= 40.5,
    );
    expect(close.map((f) => listings[(f.properties as { index: number }).index])).toEqual(
      expect.arrayContaining(inBox),
    );
    expect(close).toHaveLength(inBox.length);
  });
});
