import type { APIRoute, GetStaticPaths } from 'astro';
import { listingDetailPaths } from '../../../data/snapshot';
import { toListingDetail } from '../../../domain/browse-data';
import type { Listing } from '../../../domain/schemas/listing';

/** One small file per listing with what the dialog loads on opening (description, address, links). */
export const getStaticPaths = listingDetailPaths satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => {
  const { listing } = props as { listing: Listing };
  return new Response(JSON.stringify(toListingDetail(listing)), {
    headers: { 'content-type': 'application/json' },
  });
};
