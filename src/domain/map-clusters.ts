/**
 * What the browse map draws: each listing as a GeoJSON point for the clustering library, and the
 * accessible names of what is drawn. Pure data; the map island (src/islands/map/ResultsMap.tsx) draws it.
 */

import { formatCount } from './format';
import type { Bounds } from './map-area';
import type { Coordinates } from './search';

export interface PointFeature {
  type: 'Feature';
  geometry: { type: 'Point'; coordinates: [number, number] };
  /** Position in the listing array the features were made from. */
  properties: { index: number };
}

/** GeoJSON points ([longitude, latitude]) of listings, in order. */
export function toPointFeatures(listings: readonly Coordinates[]): PointFeature[] {
  return listings.map((l, index) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [l.longitude, l.latitude] },
    properties: { index },
  }));
}

/** The box around every listing; null for none. */
export function boundsOf(listings: readonly Coordinates[]): Bounds | null {
  if (listings.length === 0) return null;
  let south = 90;
  let north = -90;
  let west = 180;
  let east = -180;
  for (const { latitude, longitude } of listings) {
    south = Math.min(south, latitude);
    north = Math.max(north, latitude);
    west = Math.min(west, longitude);
    east = Math.max(east, longitude);
  }
  return { south, west, north, east };
}

const clamp = (n: number, limit: number) => Math.max(-limit, Math.min(limit, n));

/**
 * The area text ('Search this area') of what a map shows: 4 decimals, and kept on the globe (zoomed far out, the
 * visible box reaches past the poles and the 180th meridian). The filter store then checks it like any input.
 */
export function areaText(bounds: Bounds): string {
  const r = (n: number, limit: number) => Math.round(clamp(n, limit) * 1e4) / 1e4;
  return [r(bounds.south, 90), r(bounds.west, 180), r(bounds.north, 90), r(bounds.east, 180)].join(',');
}

/** The accessible name of a cluster marker: what it holds and what activating it does. */
export function clusterLabel(count: number): string {
  return `Cluster of ${formatCount(count)} listings, zoom in`;
}

/** What a cluster marker shows: its count, shortened past 999 ('1.2k'). */
export function clusterText(count: number): string {
  return count < 1000 ? String(count) : `${Math.round(count / 100) / 10}k`;
}
