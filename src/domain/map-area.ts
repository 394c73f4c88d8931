/**
 * The map's area filter ("Search this area"): a latitude/longitude box written as
 * `south,west,north,east` in the URL (`area=`), with at most 4 decimals (about 10 m).
 */
import type { Coordinates } from './search';

export interface Bounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** Bounds from their text (rounded to 4 decimals), or null unless four numbers in range, south < north, west < east. */
export function parseArea(text: string): Bounds | null {
  const parts = text.split(',').map((p) => (p.trim() ? Math.round(Number(p) * 1e4) / 1e4 : Number.NaN));
  const [south = Number.NaN, west = Number.NaN, north = Number.NaN, east = Number.NaN] = parts;
  // Every comparison with NaN is false: text that is not a number fails here too.
  const box = south >= -90 && north <= 90 && south < north && west >= -180 && east <= 180 && west < east;
  return parts.length === 4 && box ? { south, west, north, east } : null;
}

/** Any input to a canonical area text (4 decimals at most); '' (anywhere) for anything that is not a valid box. */
export function normalizeArea(input: unknown): string {
  if (typeof input !== 'string') return '';
  const b = parseArea(input.slice(0, 200));
  return b ? Object.values(b).join(',') : '';
}

// The browse view tests thousands of listings against the same area text: parse it once.
let last: [string, Bounds | null] = ['', null];

/** True when the point lies inside the area (edges included); an empty or invalid area contains everything. */
export function inArea(point: Partial<Coordinates>, area: string): boolean {
  if (last[0] !== area) last = [area, parseArea(area)];
  const b = last[1];
  // A missing coordinate compares false: a listing without a position is in no area.
  const { latitude = Number.NaN, longitude = Number.NaN } = point;
  return !b || (latitude >= b.south && latitude <= b.north && longitude >= b.west && longitude <= b.east);
}
