import {
  findPlace,
  type GazetteerPiece,
  type Place,
  placeLabel,
  suggestPlaces,
} from '../domain/places/gazetteer';
import { pieceOfNear, pieceOfText, pieceUrl } from '../domain/places/keys';

/**
 * The browser's side of the gazetteer (issue 17): loads one small piece per lookup from the static files the build
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

/** One piece, fetched once per page; a piece that does not exist (no town starts so) is an empty one. */
function loadPiece(piece: string): Promise<GazetteerPiece> {
  let promise = pieces.get(piece);
  if (!promise) {
    promise = fetch(pieceUrl(piece)).then((r) => {
      if (r.status === 404) return { states: {} };
      if (!r.ok) throw new Error(`Could not load places (HTTP ${r.status})`);
      return r.json() as Promise<GazetteerPiece>;
    });
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
