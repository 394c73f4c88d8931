import { getCollection } from 'astro:content';
import type { Listing } from '../domain/schemas/listing';

/** Every verified listing of this build, newest first (spec section 7, call 1's order). */
export async function allListings(): Promise<Listing[]> {
  const entries = await getCollection('listings');
  return entries
    .map((e) => e.data)
    .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
}
