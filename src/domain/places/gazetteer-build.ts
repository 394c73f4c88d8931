import type { UsState } from '../lists';
import type { Coordinates } from '../search';
import type { GazetteerPiece, Place } from './gazetteer';
import { pieceOfNear } from './keys';
import { ZIP } from './near-key';
import { STATE_CODES, stateOfCode, townKey } from './state-codes';

/** One ZIP code of the source data (the `zipcodes` package's record, state as its USPS code). */
export interface ZipRecord extends Coordinates {
  zip: string;
  city: string;
  state: string;
}

/** The whole gazetteer, as the build and the server hold it. */
export interface Gazetteer {
  towns: Map<string, Place>;
  zips: Map<string, Place>;
  /** Mean of each state's ZIP coordinates: the last resort of a listing without a known ZIP or town. */
  states: Map<UsState, Coordinates>;
}

// Names with digits, '&' or '/' in the source are companies and offices with a ZIP code of their own
// ('Shell Oil Box 150', 'At&t'): they are kept as ZIP codes, but they are not towns anyone searches for.
const NOT_A_TOWN = /[0-9&/]/;

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * The gazetteer from ZIP records: the ZIP codes of the 50 states with coordinates, and their towns (distinct city
 * + state) at the mean of their ZIP codes. DC, territories and military codes are left out: not on the product's
 * list of states.
 */
export function buildGazetteer(records: Iterable<ZipRecord>): Gazetteer {
  const zips = new Map<string, Place>();
  const sums = new Map<string, { city: string; state: UsState; lat: number; lng: number; n: number }>();
  const stateSums = new Map<UsState, { lat: number; lng: number; n: number }>();
  for (const r of records) {
    const state = stateOfCode(r.state);
    if (!state || !ZIP.test(r.zip) || (r.latitude === 0 && r.longitude === 0)) continue;
    const { latitude, longitude } = r;
    const code = STATE_CODES[state];
    zips.set(r.zip, { kind: 'zip', key: r.zip, city: r.city, state, code, latitude, longitude, weight: 1 });
    // Sums added to in place (a new object per ZIP code, 42,000 of them, for each of the two sums).
    let s = stateSums.get(state);
    if (!s) {
      s = { lat: 0, lng: 0, n: 0 };
      stateSums.set(state, s);
    }
    s.lat += latitude;
    s.lng += longitude;
    s.n += 1;
    if (NOT_A_TOWN.test(r.city)) continue;
    const key = townKey(r.city, state);
    let t = sums.get(key);
    if (!t) {
      t = { city: r.city, state, lat: 0, lng: 0, n: 0 };
      sums.set(key, t);
    }
    t.lat += latitude;
    t.lng += longitude;
    t.n += 1;
  }
  const towns = new Map<string, Place>();
  for (const [key, t] of sums) {
    towns.set(key, {
      kind: 'town',
      key,
      city: t.city,
      state: t.state,
      code: STATE_CODES[t.state],
      latitude: round3(t.lat / t.n),
      longitude: round3(t.lng / t.n),
      weight: t.n,
    });
  }
  const states = new Map<UsState, Coordinates>();
  for (const [state, s] of stateSums) {
    states.set(state, { latitude: round3(s.lat / s.n), longitude: round3(s.lng / s.n) });
  }
  return { towns, zips, states };
}

/** The gazetteer cut into its static pieces, by piece key. */
export function gazetteerPieces(gazetteer: Gazetteer): Map<string, GazetteerPiece> {
  const pieces = new Map<string, Required<GazetteerPiece>>();
  const piece = (place: Place) => {
    const key = pieceOfNear(place.key);
    const p = pieces.get(key) ?? { towns: [], zips: [], states: {} };
    p.states[place.code] = place.state;
    pieces.set(key, p);
    return p;
  };
  for (const t of gazetteer.towns.values()) {
    piece(t).towns.push([t.city, t.code, t.latitude, t.longitude, t.weight]);
  }
  // ZIP keys are five ASCII digits: ordered by code units, as localeCompare orders them, without its cost.
  for (const z of [...gazetteer.zips.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))) {
    piece(z).zips.push([z.key, z.city, z.code, round3(z.latitude), round3(z.longitude)]);
  }
  // A piece holds towns or ZIP codes (letters or digits): the empty list of the other kind is left out.
  const out = new Map<string, GazetteerPiece>();
  for (const [key, { towns, zips, states }] of pieces) {
    out.set(key, towns.length ? { towns, states } : { zips, states });
  }
  return out;
}
