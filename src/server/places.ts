import { findPlace, type GazetteerPiece } from '../domain/places/gazetteer';
import { pieceOfNear, pieceUrl } from '../domain/places/keys';
import type { FindPlace } from '../domain/places/placement';

/**
 * Finds places in the site's own gazetteer pieces, the static files the build writes and the browser reads, over
 * HTTP from the site's origin. A function then carries none of the 5 MB source data (its bundle stays small); a
 * piece that cannot be read finds nothing, and the listing goes to its state's centre for staff to check (D28).
 */
export function sitePlaces(origin: string): FindPlace {
  return async (near) => {
    const response = await fetch(new URL(pieceUrl(pieceOfNear(near)), origin), {
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) return null;
    return findPlace((await response.json()) as GazetteerPiece, near);
  };
}
