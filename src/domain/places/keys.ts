/** The keys of places: the `near` value of the URL and the name of the gazetteer piece that holds it. */
import { slugify } from '../slug';

/** Characters of a town key a piece is keyed by (and typed before suggestions start). */
export const TOWN_KEY_CHARS = 2;
/** Digits of a ZIP code a piece is keyed by (and typed before suggestions start). */
export const ZIP_KEY_DIGITS = 3;

/** The `near` key of a town: slug of the city, '-', lower-case state code ('asheville-nc'). */
export function townKeyOf(city: string, code: string): string {
  return `${slugify(city)}-${code.toLowerCase()}`;
}

/** The piece a `near` key lives in. */
export function pieceOfNear(near: string): string {
  // Town keys never start with a digit (names with digits are not towns: gazetteer-build.ts).
  return /^\d/.test(near) ? near.slice(0, ZIP_KEY_DIGITS) : near.slice(0, TOWN_KEY_CHARS);
}

/** The piece that answers a typed text, or null while it is too short to ask (or not a place at all). */
export function pieceOfText(text: string): string | null {
  const t = text.trim();
  if (/^\d/.test(t)) return /^\d{3,5}$/.test(t) ? t.slice(0, ZIP_KEY_DIGITS) : null;
  const town = slugify(t.split(',')[0] ?? '');
  return town.length >= TOWN_KEY_CHARS ? town.slice(0, TOWN_KEY_CHARS) : null;
}

/** Where the build writes a piece of the gazetteer (src/pages/data/places/[piece].json.ts). */
export const pieceUrl = (piece: string) => `/data/places/${piece}.json`;
