import { getCollection } from 'astro:content';
import type { APIRoute } from 'astro';
import { landingPagePath, pageCount } from '../components/landing';
import { allListings } from '../data/snapshot';
import { listingLastModified } from '../domain/json-ld';
import { TYPE_ROUTES, US_STATES } from '../domain/lists';
import type { Listing } from '../domain/schemas/listing';
import { listingPath, statePath } from '../domain/slug';

/**
 * The sitemap of the pages that have a date: each listing page with its row's updated_at (or verified_at when later), every page of the state
 * and type landing pages with the newest updated_at of their listings, blog articles with their date. Listed in
 * sitemap-index.xml through @astrojs/sitemap's customSitemaps (astro.config.mjs), which leaves these pages out of
 * its own sitemap: search engines re-read only what changed.
 */
export const GET: APIRoute = async ({ site }) => {
  const listings = await allListings();
  const lastmods = new Map(listings.map((l) => [l, listingLastModified(l)]));
  // The latest of the ISO times (what sorting them and taking the last gave).
  const newest = (group: Listing[]) =>
    group.reduce<string | undefined>((max, l) => {
      const at = lastmods.get(l) ?? listingLastModified(l);
      return max === undefined || at > max ? at : max;
    }, undefined) ?? '1970-01-01T00:00:00.000Z';
  const entries: Array<{ path: string; lastmod: string }> = listings.map((l) => ({
    path: listingPath(l.slug),
    lastmod: lastmods.get(l) ?? listingLastModified(l),
  }));
  const landings = [
    ...US_STATES.map((state) => ({
      base: statePath(state),
      group: listings.filter((l) => l.state === state),
    })),
    ...TYPE_ROUTES.map((r) => ({
      base: `/${r.path}`,
      group: listings.filter((l) => l.accommodation_type === r.type),
    })),
  ];
  for (const { base, group } of landings) {
    // Once per group, not once per page of it.
    const lastmod = newest(group);
    for (let n = 1; n <= pageCount(group.length); n++)
      entries.push({ path: landingPagePath(base, n), lastmod });
  }
  for (const post of await getCollection('blog')) {
    entries.push({ path: `/blog/${post.id}`, lastmod: post.data.publishedAt.toISOString() });
  }
  const urls = entries
    .map(
      (e) =>
        `<url><loc>${escapeXml(new URL(e.path, site).href)}</loc><lastmod>${new Date(e.lastmod).toISOString()}</lastmod></url>`,
    )
    .join('');
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`,
    { headers: { 'Content-Type': 'application/xml; charset=utf-8' } },
  );
};

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
