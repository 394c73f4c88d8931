import type { APIRoute, GetStaticPaths } from 'astro';
import { listingDetailPaths } from '../../../data/snapshot';
import { listingDetailJson } from '../../../domain/browse-data';
import type { Listing } from '../../../domain/schemas/listing';

/**
 * One small file per listing with what the dialog loads on opening (description, address, links), and its card (the
 * shortlist page, issue 15, shows saved listings from these files alone). In a build the files are written in one go
 * (writtenPaths, src/build/partial-build.ts); this GET serves them in astro dev.
 */
export const getStaticPaths = listingDetailPaths satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => {
  const { listing } = props as { listing: Listing };
  return new Response(listingDetailJson(listing), {
    headers: { 'content-type': 'application/json' },
  });
};
