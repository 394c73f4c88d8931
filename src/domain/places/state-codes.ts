import { US_STATES, type UsState } from '../lists';
import { townKeyOf } from './keys';
import { NEAR_KEY, ZIP } from './near-key';

// The 50 codes in the order of US_STATES.
const CODES =
  'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  );

/** USPS code of each state of the product's list (the gazetteer and the `near` keys use the codes). Build and
 * server only: the browser reads the codes it needs from the gazetteer pieces. */
export const STATE_CODES = Object.fromEntries(US_STATES.map((s, i) => [s, CODES[i]!])) as Record<
  UsState,
  string
>;

const BY_CODE = new Map<string, UsState>(US_STATES.map((s) => [STATE_CODES[s], s]));

/**
 * The state of a USPS code, upper or lower case; undefined for anything outside the product's 50 states (DC,
 * territories, military codes): the directory lists no property there, so the gazetteer leaves them out.
 */
export function stateOfCode(code: string): UsState | undefined {
  return BY_CODE.get(code.toUpperCase());
}

/** The `near` key of a town: slug of the city, '-', lower-case state code ('asheville-nc'). */
export function townKey(city: string, state: UsState): string {
  return townKeyOf(city, STATE_CODES[state]);
}

/** True for a `near` value of a real kind: a 5-digit ZIP or a town key of one of the 50 states. */
export function isNearKey(value: string): boolean {
  return NEAR_KEY.test(value) && (ZIP.test(value) || stateOfCode(value.slice(-2)) !== undefined);
}
