import { createHash } from 'node:crypto';
import { listingCacheKey } from '../data/snapshot';
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
 * For a build's listings: each listing's nearest neighbours as links, with a short key that changes whenever what
 * the links show could (a neighbour's row changed, one came or went), for the page's incremental-build cacheKey.
 */
export function nearbyLinks(
  listings: readonly Listing[],
): (listing: Listing) => { links: NearbyLink[]; key: string } {
  const find = createNearestFinder(listings);
  return (listing) => {
    const near = find(listing, NEARBY_COUNT, NEARBY_MAX_MILES, listing);
    const links = near.map(({ listing: l, miles }) => ({
      slug: l.slug,
      name: l.property_name,
      city: l.city,
      state: l.state,
      miles,
    }));
    const key = createHash('sha1')
      .update(near.map((n) => listingCacheKey(n.listing)).join(','))
      .digest('base64url')
      .slice(0, 16);
    return { links, key };
  };
}
