import type { UsState } from '../lists';
import type { Coordinates } from '../search';
import { STATE_CENTRES } from './state-centres';
import { townKey } from './state-codes';

/**
 * Where a listing's coordinates came from (D28): given with it (by the owner or a staff import), or, when left
 * empty, its ZIP code's, its town's, or as a last resort its state's centre. Stored with the listing
 * (`coordinates_source`) so staff see it.
 */
export const COORDINATE_SOURCES = ['given', 'zip', 'town', 'state'] as const;
export type CoordinateSource = (typeof COORDINATE_SOURCES)[number];

export interface Placement extends Coordinates {
  source: Exclude<CoordinateSource, 'given'>;
}

/** The place of a `near` key (a ZIP code or a town key), or null: from the gazetteer or from its pieces. */
export type FindPlace = (near: string) => Promise<(Coordinates & { state: UsState }) | null>;

/**
 * Coordinates for a listing without its own (D28): its ZIP code's when the gazetteer has that ZIP in the listing's
 * state, else its town's, else the centre of its state. A ZIP of another state (a typo) is not trusted: a Montana
 * listing must never land near Manhattan. `find` reads the gazetteer; a place it cannot find (or read) only moves
 * the listing to the next rule.
 */
export async function placeByAddress(
  find: FindPlace,
  address: { zip: string; city: string; state: UsState },
): Promise<Placement> {
  const zip = await find(address.zip.trim()).catch(() => null);
  if (zip && zip.state === address.state) return at(zip, 'zip');
  const town = await find(townKey(address.city, address.state)).catch(() => null);
  if (town) return at(town, 'town');
  const [latitude, longitude] = STATE_CENTRES[address.state];
  return at({ latitude, longitude }, 'state');
}

const at = (c: Coordinates, source: Placement['source']): Placement => ({
  latitude: c.latitude,
  longitude: c.longitude,
  source,
});

/** What staff read about a listing's coordinates (the notification e-mail). */
export function coordinateSourceText(source: CoordinateSource, zip: string, city: string): string {
  switch (source) {
    case 'given':
      return 'given with the listing';
    case 'zip':
      return `none given: placed at the centre of ZIP code ${zip}`;
    case 'town':
      return `none given, ZIP code ${zip} unknown: placed at the centre of ${city}`;
    case 'state':
      return `none given, ZIP code ${zip} and ${city} unknown: placed at the centre of the state, please check`;
  }
}
