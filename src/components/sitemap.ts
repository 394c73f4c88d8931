import { getCollection } from 'astro:content';
import { allListings, listingGroups } from '../data/snapshot';
import { listingLastModified } from '../domain/json-ld';
import { TYPE_ROUTES, US_STATES } from '../domain/lists';
import type { Listing } from '../domain/schemas/listing';
import { listingPath, statePath } from '../domain/slug';
import { landingPagePath, pageCount } from './landing';

/**
 * The sitemap of the pages that have a date, in parts of at most PART_URLS URLs (the protocol allows 50,000 per
 * file; this is @astrojs/sitemap's own default entryLimit): /sitemap-listings.xml, then /sitemap-listings-2.xml and
 * on once the directory outgrows one (docs/scaling.md). Landing pages and articles come first, so the first part
 * keeps them whatever the count. src/build/sitemap-parts.mjs adds the later parts to sitemap-index.xml.
 */
export const PART_URLS = 45_000;

export const sitemapPartPath = (part: number) =>
  part === 1 ? '/sitemap-listings.xml' : `/sitemap-listings-${part}.xml`;

interface Entry {
  path: string;
  lastmod: string;
}

/**
 * Each listing page with its row's updated_at (or verified_at when later), every page of the state and type landing
 * pages with the newest updated_at of their listings, blog articles with their date.
 */
async function readDatedEntries(): Promise<Entry[]> {
  const [listings, groups] = await Promise.all([allListings(), listingGroups()]);
  const lastmods = new Map(listings.map((l) => [l, listingLastModified(l)]));
  // The latest of the ISO times (what sorting them and taking the last gave).
  const newest = (group: readonly Listing[]) =>
    group.reduce<string | undefined>((max, l) => {
      const at = lastmods.get(l) ?? listingLastModified(l);
      return max === undefined || at > max ? at : max;
    }, undefined) ?? '1970-01-01T00:00:00.000Z';
  const entries: Entry[] = [];
  const landings = [
    ...US_STATES.map((state) => ({ base: statePath(state), group: groups.byState.get(state) ?? [] })),
    ...TYPE_ROUTES.map((r) => ({ base: `/${r.path}`, group: groups.byType.get(r.type) ?? [] })),
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
  for (const l of listings)
    entries.push({ path: listingPath(l.slug), lastmod: lastmods.get(l) ?? listingLastModified(l) });
  return entries;
}

// Once per build: the part count and each part read the same list (50,000 listings' dates at 50,000).
let dated: Promise<Entry[]> | null = null;
function datedEntries(): Promise<Entry[]> {
  if (import.meta.env.DEV) return readDatedEntries();
  dated ??= readDatedEntries();
  return dated;
}

/** How many parts the dated sitemap has (at least one). */
export async function sitemapParts(): Promise<number> {
  return Math.max(1, Math.ceil((await datedEntries()).length / PART_URLS));
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Part `part` (from 1) of the dated sitemap, as the response its route sends. */
export async function sitemapPart(part: number, site: URL | undefined): Promise<Response> {
  const entries = (await datedEntries()).slice((part - 1) * PART_URLS, part * PART_URLS);
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
}
