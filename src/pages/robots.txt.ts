import type { APIRoute } from 'astro';

/**
 * robots.txt pointing crawlers at the sitemap index, with the configured site origin. Disallow comes before Allow:
 * parsers that take the first matching rule (rather than the longest) then read it as Google does.
 */
export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL('/sitemap-index.xml', site).href;
  return new Response(`User-agent: *\nDisallow: /api/\nAllow: /\n\nSitemap: ${sitemap}\n`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
};
