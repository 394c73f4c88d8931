import type { UsState } from '../lists';
import type { Coordinates } from '../search';
import { slugify } from '../slug';
import { pieceOfNear, TOWN_KEY_CHARS, townKey, ZIP } from './keys';
import { STATE_CODES, stateOfCode } from './state-codes';

/** One ZIP code of the source data (the `zipcodes` package's record, state as its USPS code). */
export interface ZipRecord extends Coordinates {
  zip: string;
  city: string;
  state: string;
}

/** A place a visitor can search near: a town (city + state) or a ZIP code. */
export interface Place extends Coordinates {
  kind: 'town' | 'zip';
  /** Its `near` value in the URL: '80302' or 'asheville-nc'. */
  key: string;
  /** The town as written ('Asheville'); a ZIP's own town. */
  city: string;
  state: UsState;
  /** How many ZIP codes a town has: how big it is, which ranks 'Springfield' in Illinois first. 1 for a ZIP. */
  weight: number;
}

/** The whole gazetteer, as the build and the server hold it. */
export interface Gazetteer {
  towns: Map<string, Place>;
  zips: Map<string, Place>;
  /** Mean of each state's ZIP coordinates: the last resort of a listing without a known ZIP or town. */
  states: Map<UsState, Coordinates>;
}

/**
 * One static file of the gazetteer: the towns whose key starts with two characters, or the ZIP codes that start
 * with three digits. One lookup loads one piece (a few KB gzipped), never the whole list.
 */
export interface GazetteerPiece {
  /** [city, state code, latitude, longitude, ZIP count] */
  towns?: Array<[string, string, number, number, number]>;
  /** [ZIP, city, state code, latitude, longitude] */
  zips?: Array<[string, string, string, number, number]>;
}

/** Suggestions shown at most. */
export const MAX_SUGGESTIONS = 8;

// Names with digits, '&' or '/' in the source are companies and offices with a ZIP code of their own
// ('Shell Oil Box 150', 'At&t'): they are kept as ZIP codes, but they are not towns anyone searches for.
const NOT_A_TOWN = /[0-9&/]/;

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** "Asheville, North Carolina" for a town, "80302 Boulder, Colorado" for a ZIP code. */
export function placeLabel(place: Pick<Place, 'kind' | 'key' | 'city' | 'state'>): string {
  return place.kind === 'zip'
    ? `${place.key} ${place.city}, ${place.state}`
    : `${place.city}, ${place.state}`;
}

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
    zips.set(r.zip, { kind: 'zip', key: r.zip, city: r.city, state, latitude, longitude, weight: 1 });
    const s = stateSums.get(state) ?? { lat: 0, lng: 0, n: 0 };
    stateSums.set(state, { lat: s.lat + latitude, lng: s.lng + longitude, n: s.n + 1 });
    if (NOT_A_TOWN.test(r.city)) continue;
    const key = townKey(r.city, state);
    const t = sums.get(key) ?? { city: r.city, state, lat: 0, lng: 0, n: 0 };
    sums.set(key, { ...t, lat: t.lat + latitude, lng: t.lng + longitude, n: t.n + 1 });
  }
  const towns = new Map<string, Place>();
  for (const [key, t] of sums) {
    towns.set(key, {
      kind: 'town',
      key,
      city: t.city,
      state: t.state,
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
  const piece = (key: string) => {
    const p = pieces.get(key) ?? { towns: [], zips: [] };
    pieces.set(key, p);
    return p;
  };
  const code = (state: UsState) => STATE_CODES[state];
  for (const t of gazetteer.towns.values()) {
    piece(pieceOfNear(t.key)).towns.push([t.city, code(t.state), t.latitude, t.longitude, t.weight]);
  }
  for (const z of [...gazetteer.zips.values()].sort((a, b) => a.key.localeCompare(b.key))) {
    piece(pieceOfNear(z.key)).zips.push([
      z.key,
      z.city,
      code(z.state),
      round3(z.latitude),
      round3(z.longitude),
    ]);
  }
  // A piece holds towns or ZIP codes (letters or digits): the empty list of the other kind is left out.
  const out = new Map<string, GazetteerPiece>();
  for (const [key, p] of pieces) out.set(key, p.towns.length ? { towns: p.towns } : { zips: p.zips });
  return out;
}

// A piece is decoded once, however many keystrokes search it.
const decoded = new WeakMap<GazetteerPiece, Place[]>();

/** Every place of a piece. */
export function piecePlaces(piece: GazetteerPiece): Place[] {
  let places = decoded.get(piece);
  if (places) return places;
  places = [];
  for (const [city, code, latitude, longitude, weight] of piece.towns ?? []) {
    const state = stateOfCode(code);
    if (state)
      places.push({ kind: 'town', key: townKey(city, state), city, state, latitude, longitude, weight });
  }
  for (const [key, city, code, latitude, longitude] of piece.zips ?? []) {
    const state = stateOfCode(code);
    if (state) places.push({ kind: 'zip', key, city, state, latitude, longitude, weight: 1 });
  }
  decoded.set(piece, places);
  return places;
}

/** The place of a `near` key in its piece; null when the piece has no such place. */
export function findPlace(piece: GazetteerPiece, near: string): Place | null {
  return piecePlaces(piece).find((p) => p.key === near) ?? null;
}

/** True when the typed state part ('nc', 'North Car') names the place's state. */
function inState(place: Place, typed: string): boolean {
  const t = typed.trim().toLowerCase();
  return !t || place.state.toLowerCase().startsWith(t) || STATE_CODES[place.state].toLowerCase() === t;
}

/**
 * Places of a piece matching a typed text, best first. Digits match ZIP codes by prefix, in order. Words match
 * towns whose name starts with them ('Ashev' -> Asheville); text after a comma narrows to a state ('Portland, me').
 * A town named exactly as typed comes first, then bigger towns (more ZIP codes), then by label.
 */
export function suggestPlaces(piece: GazetteerPiece, text: string, limit = MAX_SUGGESTIONS): Place[] {
  const t = text.trim();
  const places = piecePlaces(piece);
  if (/^\d{3,5}$/.test(t)) {
    return places.filter((p) => p.kind === 'zip' && p.key.startsWith(t)).slice(0, limit);
  }
  const [townPart = '', statePart = ''] = t.split(/,(.*)/s);
  const wanted = slugify(townPart);
  if (wanted.length < TOWN_KEY_CHARS) return [];
  const rank = (p: Place) => (slugify(p.city) === wanted ? 0 : 1);
  return places
    .filter((p) => p.kind === 'town' && p.key.startsWith(wanted) && inState(p, statePart))
    .sort((a, b) => rank(a) - rank(b) || b.weight - a.weight || placeLabel(a).localeCompare(placeLabel(b)))
    .slice(0, limit);
}
