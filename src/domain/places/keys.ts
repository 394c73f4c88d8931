import type { UsState } from '../lists';
import { slugify } from '../slug';
import { STATE_CODES, stateOfCode } from './state-codes';

/**
 * The keys of places: the `near` value of the URL and the name of the gazetteer piece that holds it. Small and
 * apart from the gazetteer, because the filter set (first load of browse) checks `near` values with them.
 */

/** Characters of a town key a piece is keyed by (and typed before suggestions start). */
export const TOWN_KEY_CHARS = 2;
/** Digits of a ZIP code a piece is keyed by (and typed before suggestions start). */
export const ZIP_KEY_DIGITS = 3;

export const ZIP = /^\d{5}$/;
const TOWN_KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*-([a-z]{2})$/;

/** The `near` key of a town: slug of the city, '-', lower-case state code ('asheville-nc'). */
export function townKey(city: string, state: UsState): string {
  return `${slugify(city)}-${STATE_CODES[state].toLowerCase()}`;
}

/** True for a well-formed `near` value: a 5-digit ZIP or a town key of one of the 50 states. */
export function isNearKey(value: string): boolean {
  if (ZIP.test(value)) return true;
  const code = TOWN_KEY.exec(value)?.[1];
  return code !== undefined && stateOfCode(code) !== undefined;
}

/** The piece a `near` key lives in. */
export function pieceOfNear(near: string): string {
  return ZIP.test(near) ? near.slice(0, ZIP_KEY_DIGITS) : near.slice(0, TOWN_KEY_CHARS);
}

/** The piece that answers a typed text, or null while it is too short to ask (or not a place at all). */
export function pieceOfText(text: string): string | null {
  const t = text.trim();
  if (/^\d/.test(t)) return /^\d{3,5}$/.test(t) ? t.slice(0, ZIP_KEY_DIGITS) : null;
  const town = slugify(t.split(',')[0] ?? '');
  return town.length >= TOWN_KEY_CHARS ? town.slice(0, TOWN_KEY_CHARS) : null;
}
