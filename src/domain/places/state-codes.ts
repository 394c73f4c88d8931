import { US_STATES, type UsState } from '../lists';

// The 50 codes in the order of US_STATES, as one string: this module is in the browse view's first load (the URL's
// `near` keys name a state by its code), where a 50-entry object literal would cost three times the bytes.
const CODES =
  'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  );

/** USPS code of each state of the product's list (the gazetteer and the `near` keys use the codes). */
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
