import type { APIRoute, GetStaticPaths } from 'astro';
import { keyedStaticPaths } from '../../../build/incremental/static-paths';
import { allListings, listingPropsKey } from '../../../data/snapshot';
import { listingDetailJson } from '../../../domain/browse-data';
import type { Listing } from '../../../domain/schemas/listing';

/**
 * One small file per listing with what the dialog loads on opening (description, address, links), and its card (the
 * shortlist page shows saved listings from these files alone). In a build the files are written in one go
 * (keyedStaticPaths' `write`, docs/incremental-build.md); this GET serves them in astro dev.
 */
export const getStaticPaths = keyedStaticPaths({
  route: 'listing-detail',
  file: (p) => `data/listings/${p.params.slug}.json`,
  write: (p) => listingDetailJson(p.props.listing),
  paths: async () =>
    (await allListings()).map((listing) => {
      const props = { listing };
      // The digest of the listing made once per build, shared with its page's key.
      return { params: { slug: listing.slug }, props, key: listingPropsKey(props) };
    }),
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => {
  const { listing } = props as { listing: Listing };
  return new Response(listingDetailJson(listing), {
    headers: { 'content-type': 'application/json' },
  });
};
