import type { APIRoute } from 'astro';
import { allBrowseListings } from '../../../data/snapshot';
import { browseAreas } from '../../../domain/browse-areas';

/**
 * Where each state's listings are (src/domain/browse-areas.ts): distance mode loads the files of the states within
 * its radius, not the whole set. Written at build time with the listings files.
 */
export const GET: APIRoute = async () =>
  new Response(JSON.stringify(browseAreas(await allBrowseListings())), {
    headers: { 'content-type': 'application/json' },
  });
