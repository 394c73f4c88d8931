import type { APIRoute, GetStaticPaths } from 'astro';
import { sitemapPart, sitemapParts } from '../components/sitemap';

/**
 * The later parts of the sitemap of the pages that have a date (src/components/sitemap.ts), from 2, once the
 * directory outgrows one part; src/build/sitemap-parts.mjs lists them in sitemap-index.xml. Rendered by every build
 * (tests/unit/partial-build.test.ts): a part holds 45,000 pages, so there are a few at most.
 */
export const getStaticPaths = (async () => {
  const parts = await sitemapParts();
  return Array.from({ length: parts - 1 }, (_, i) => ({ params: { part: String(i + 2) } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params, site }) => sitemapPart(Number(params.part), site);
