import type { UsState } from '../lists';
import type { Coordinates } from '../search';
import { slugify } from '../slug';
import { TOWN_KEY_CHARS, townKeyOf } from './keys';

/**
 * The gazetteer as the browser uses it: one piece at a time, matched, ranked and labelled. It needs no table of
 * states (each piece names the states it holds), so the browser loads none; ./gazetteer-build.ts makes the pieces.
 */

/** A place a visitor can search near: a town (city + state) or a ZIP code. */
export interface Place extends Coordinates {
  kind: 'town' | 'zip';
  /** Its `near` value in the URL: '80302' or 'asheville-nc'. */
  key: string;
  /** The town as written ('Asheville'); a ZIP's own town. */
  city: string;
  state: UsState;
  /** The state's USPS code ('NC'). */
  code: string;
  /** How many ZIP codes a town has: how big it is, which ranks 'Springfield' in Illinois first. 1 for a ZIP. */
  weight: number;
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
  /** The name of each state code in the piece. */
  states: Record<string, UsState>;
}

/** Suggestions shown at most. */
export const MAX_SUGGESTIONS = 8;

/** "Asheville, North Carolina" for a town, "80302 Boulder, Colorado" for a ZIP code. */
export function placeLabel(place: Pick<Place, 'kind' | 'key' | 'city' | 'state'>): string {
  return place.kind === 'zip'
    ? `${place.key} ${place.city}, ${place.state}`
    : `${place.city}, ${place.state}`;
}

// A piece is decoded once, however many keystrokes search it.
const decoded = new WeakMap<GazetteerPiece, Place[]>();

/** Every place of a piece. */
export function piecePlaces(piece: GazetteerPiece): Place[] {
  let places = decoded.get(piece);
  if (places) return places;
  places = [];
  for (const [city, code, latitude, longitude, weight] of piece.towns ?? []) {
    const state = piece.states[code];
    if (state) {
      places.push({
        kind: 'town',
        key: townKeyOf(city, code),
        city,
        state,
        code,
        latitude,
        longitude,
        weight,
      });
    }
  }
  for (const [key, city, code, latitude, longitude] of piece.zips ?? []) {
    const state = piece.states[code];
    if (state) places.push({ kind: 'zip', key, city, state, code, latitude, longitude, weight: 1 });
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
  return !t || place.state.toLowerCase().startsWith(t) || place.code.toLowerCase() === t;
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
  // Each candidate's rank and label worked out once, not in every comparison (a piece holds hundreds of towns).
  return places
    .filter((p) => p.kind === 'town' && p.key.startsWith(wanted) && inState(p, statePart))
    .map((p) => ({ p, rank: slugify(p.city) === wanted ? 0 : 1, label: placeLabel(p) }))
    .sort((a, b) => a.rank - b.rank || b.p.weight - a.p.weight || a.label.localeCompare(b.label))
    .slice(0, limit)
    .map((c) => c.p);
}
