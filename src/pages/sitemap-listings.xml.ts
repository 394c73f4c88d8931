import type { APIRoute } from 'astro';
import { sitemapPart } from '../components/sitemap';

/**
 * The first part of the sitemap of the pages that have a date (src/components/sitemap.ts): listed in
 * sitemap-index.xml through @astrojs/sitemap's customSitemaps (astro.config.mjs), which leaves these pages out of
 * its own sitemap: search engines re-read only what changed.
 */
export const GET: APIRoute = ({ site }) => sitemapPart(1, site);
