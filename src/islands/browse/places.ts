import {
  findPlace,
  type GazetteerPiece,
  type Place,
  placeLabel,
  suggestPlaces,
} from '../../domain/places/gazetteer';
import { pieceOfNear, pieceOfText, pieceUrl } from '../../domain/places/keys';
import { fetchJson } from '../shared/fetch-json';

/**
 * The browser's side of the gazetteer: loads one small piece per lookup from the static files the build
 * writes (src/pages/data/places/[piece].json.ts). Loaded itself only once a visitor types in a location field or
 * opens a link with a place, never with the page.
 */

/** A place as the location field and the results use it. */
export interface PlaceChoice {
  key: string;
  label: string;
  latitude: number;
  longitude: number;
}

const pieces = new Map<string, Promise<GazetteerPiece>>();
/** Pieces already in, for answers that need not wait for a promise. */
const loaded = new Map<string, GazetteerPiece>();

/** One piece, fetched once per page; a piece that does not exist (no town starts so) is an empty one. */
function loadPiece(piece: string): Promise<GazetteerPiece> {
  let promise = pieces.get(piece);
  if (!promise) {
    promise = fetchJson<GazetteerPiece>(pieceUrl(piece)).then((answer) => {
      if (answer.ok) return answer.data;
      if (answer.status === 404) return { states: {} };
      throw new Error(`Could not load places (HTTP ${answer.status})`);
    });
    promise.then(
      (data) => loaded.set(piece, data),
      () => {},
    );
    pieces.set(piece, promise);
    promise.catch(() => pieces.delete(piece));
  }
  return promise;
}

const choice = (p: Place): PlaceChoice => ({
  key: p.key,
  label: placeLabel(p),
  latitude: p.latitude,
  longitude: p.longitude,
});

/** Places matching a typed text, best first; none while the text is too short. */
export async function suggest(text: string): Promise<PlaceChoice[]> {
  const piece = pieceOfText(text);
  if (!piece) return [];
  return suggestPlaces(await loadPiece(piece), text).map(choice);
}

/** The place of a `near` key; null when the gazetteer has no such place. */
export async function resolveNear(near: string): Promise<PlaceChoice | null> {
  const place = findPlace(await loadPiece(pieceOfNear(near)), near);
  return place && choice(place);
}

/**
 * The place of a `near` key at once when its piece is in already (the suggestions fetched it as the ZIP was typed),
 * null when that piece has no such place; undefined when the piece has not loaded yet (use resolveNear).
 */
export function resolveNearNow(near: string): PlaceChoice | null | undefined {
  if (known.has(near)) return known.get(near);
  const piece = loaded.get(pieceOfNear(near));
  if (!piece) return undefined;
  const place = findPlace(piece, near);
  // The same object every time: the results are worked out again only when the place changes.
  const found = place && choice(place);
  known.set(near, found);
  return found;
}
const known = new Map<string, PlaceChoice | null>();
