import type { BrowseListing } from './browse-data';
import { US_STATES, type UsState } from './lists';
import { type Coordinates, EARTH_RADIUS_MILES } from './search';

/**
 * Where each state's listings are, as a box of their coordinates (the browse files' own, rounded to 0.01 degree),
 * in a small file of its own (/data/browse/areas.json). Distance mode with a radius (D27) then loads only the files
 * of the states whose box comes within the radius, not the whole set: "near 99603" needs Alaska's listings alone.
 * The boxes come from the listings themselves, not from the states' borders, so a listing placed outside its state
 * is still found.
 */
export interface BrowseAreas {
  v: 1;
  /** Listings in the whole set (every browse file of one build says the same). */
  total: number;
  /** [south, west, north, east] in degrees, for every state with listings. */
  states: Partial<Record<string, [number, number, number, number]>>;
}

export const BROWSE_AREAS_URL = '/data/browse/areas.json';

/** The boxes of the whole set's listings, per state. */
export function browseAreas(all: readonly BrowseListing[]): BrowseAreas {
  const states: BrowseAreas['states'] = {};
  for (const l of all) {
    const box = states[l.state];
    if (!box) states[l.state] = [l.latitude, l.longitude, l.latitude, l.longitude];
    else {
      box[0] = Math.min(box[0], l.latitude);
      box[1] = Math.min(box[1], l.longitude);
      box[2] = Math.max(box[2], l.latitude);
      box[3] = Math.max(box[3], l.longitude);
    }
  }
  return { v: 1, total: all.length, states };
}

const rad = (d: number) => (d * Math.PI) / 180;
const hav = (angle: number) => Math.sin(angle / 2) ** 2;

/**
 * A lower bound of the great-circle distance in miles from `origin` to any point of the box [south, west, north,
 * east]: 0 inside it. From the haversine formula, hav θ = hav Δφ + cos φ1 cos φ2 hav Δλ: for a point of the box,
 * Δφ is at least the latitude gap, Δλ at least the longitude gap (the shorter way round), and cos φ2 at least the
 * smaller cosine of the box's edges, so θ is at least what those give. Conservative by construction: a state the
 * bound keeps may have no listing within the radius, but one it leaves out has none.
 */
export function minMilesToBox(origin: Coordinates, box: readonly [number, number, number, number]): number {
  const [south, west, north, east] = box;
  const { latitude, longitude } = origin;
  const latGap = latitude < south ? south - latitude : latitude > north ? latitude - north : 0;
  const within = west <= longitude && longitude <= east;
  const around = (a: number, b: number) => {
    const d = Math.abs(a - b) % 360;
    return d > 180 ? 360 - d : d;
  };
  const lngGap = within ? 0 : Math.min(around(longitude, west), around(longitude, east));
  const cosBox = Math.min(Math.cos(rad(south)), Math.cos(rad(north)));
  const h = hav(rad(latGap)) + Math.cos(rad(latitude)) * Math.max(0, cosBox) * hav(rad(lngGap));
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The states whose listings may be within `miles` of `origin` (every state with listings for no limit). */
export function statesNear(areas: BrowseAreas, origin: Coordinates, miles: number): UsState[] {
  // A hair of slack for rounding: the bound and the distances are computed by different formulas.
  return US_STATES.filter((state) => {
    const box = areas.states[state];
    return box !== undefined && minMilesToBox(origin, box) <= miles + 0.01;
  });
}
