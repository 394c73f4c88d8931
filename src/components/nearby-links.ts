import { createNearestFinder, NEARBY_COUNT, NEARBY_MAX_MILES } from '../domain/nearby';
import type { Listing } from '../domain/schemas/listing';

/** One "More glamping near" link: a neighbour and how far it is. */
export interface NearbyLink {
  slug: string;
  name: string;
  city: string;
  state: string;
  miles: number;
}

/**
 * For a build's listings: each listing's nearest neighbours as links. The links are the listing page's props, so
 * its incremental-build key (src/build/incremental/static-paths.ts) changes whenever what they show does.
 */
export function nearbyLinks(listings: readonly Listing[]): (listing: Listing) => { links: NearbyLink[] } {
  const find = createNearestFinder(listings);
  return (listing) => ({
    links: find(listing, NEARBY_COUNT, NEARBY_MAX_MILES, listing).map(({ listing: l, miles }) => ({
      slug: l.slug,
      name: l.property_name,
      city: l.city,
      state: l.state,
      miles,
    })),
  });
}
