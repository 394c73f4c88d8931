import type { APIRoute } from 'astro';
import { allBrowseListings } from '../../data/snapshot';
import { encodeBrowseData } from '../../domain/browse-data';

/** The lean listings file the browse view fetches once (D1): written at build time, never a database call. */
export const GET: APIRoute = async () => {
  const data = encodeBrowseData(await allBrowseListings());
  return new Response(JSON.stringify(data), { headers: { 'content-type': 'application/json' } });
};
