/**
 * The map's area filter ("Search this area", issue 17): a latitude/longitude box written as
 * `south,west,north,east` in the URL (`area=`), with at most 4 decimals (about 10 m).
 */
import type { Coordinates } from './search';

export interface Bounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

const DECIMALS = 1e4;
const round = (n: number) => Math.round(n * DECIMALS) / DECIMALS;

/** Bounds from their text, or null when it is not four numbers in range with south < north and west < east. */
export function parseArea(text: string): Bounds | null {
  const parts = text.split(',');
  if (parts.length !== 4 || parts.some((p) => !/^\s*-?\d+(\.\d+)?\s*$/.test(p))) return null;
  const [south, west, north, east] = parts.map((p) => round(Number(p))) as [number, number, number, number];
  const lat = (n: number) => n >= -90 && n <= 90;
  const lng = (n: number) => n >= -180 && n <= 180;
  if (!lat(south) || !lat(north) || !lng(west) || !lng(east) || south >= north || west >= east) return null;
  return { south, west, north, east };
}

/** The canonical text of bounds (rounded to 4 decimals), as the URL and the filter set hold it. */
export function formatArea(bounds: Bounds): string {
  const b = parseArea([bounds.south, bounds.west, bounds.north, bounds.east].map(round).join(','));
  return b ? `${b.south},${b.west},${b.north},${b.east}` : '';
}

/** Any input to a canonical area text; '' (anywhere) for anything that is not a valid box. */
export function normalizeArea(input: unknown): string {
  if (typeof input !== 'string') return '';
  const bounds = parseArea(input.slice(0, 200));
  return bounds ? formatArea(bounds) : '';
}

// The browse view tests thousands of listings against the same area text: parse it once.
let last: { text: string; bounds: Bounds | null } = { text: '', bounds: null };

/** True when the point lies inside the area (edges included); an empty or invalid area contains everything. */
export function inArea(point: Partial<Coordinates>, area: string): boolean {
  if (!area) return true;
  if (last.text !== area) last = { text: area, bounds: parseArea(area) };
  const b = last.bounds;
  if (!b) return true;
  const { latitude, longitude } = point;
  if (latitude === undefined || longitude === undefined) return false;
  return latitude >= b.south && latitude <= b.north && longitude >= b.west && longitude <= b.east;
}
