// @ts-check
import { writeFile } from 'node:fs/promises';

/**
 * The site's Content-Security-Policy. Images come from the site itself and from the map's tile origin only
 * (README, "Maps"), and that origin is configuration (PUBLIC_MAP_TILE_URL), so the policy cannot be a constant in
 * netlify.toml: the build writes it into the publish folder's `_headers`, which Netlify applies beside
 * netlify.toml's other headers, and which the local server (scripts/lib/server.ts, Netlify's own header handler)
 * reads from the folder it serves. netlify.toml must not set this header too: for the same path and header,
 * netlify.toml would win over `_headers`.
 * script-src needs 'unsafe-inline' because Astro inlines the island hydration bootstrap (<astro-island>).
 * Listing photos (README, "Photos") come from the site locally and from the Supabase Storage origin in production.
 * `blob:` is for the photo picker's previews: it shows each chosen file from URL.createObjectURL before the upload
 * ends; blob: URLs only name objects this page made itself, so nothing from elsewhere comes in through it.
 * @param {{ tileOrigin: string, photoOrigin?: string | null }} map
 */
export function contentSecurityPolicy({ tileOrigin, photoOrigin = null }) {
  const images = [
    "'self'",
    'data:',
    'blob:',
    tileOrigin,
    ...(photoOrigin && photoOrigin !== tileOrigin ? [photoOrigin] : []),
  ];
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-inline'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${images.join(' ')}`,
    "font-src 'self'",
    // The shortlist copies a listing's cover photo for offline use (docs/saved-searches.md, "The installable app"): fetched from the photo origin.
    `connect-src 'self'${photoOrigin ? ` ${photoOrigin}` : ''}`,
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * The `_headers` file of a build (Netlify's syntax: a path, then indented `Name: value` lines).
 * @param {{ tileOrigin: string, photoOrigin?: string | null }} map
 */
export function headersFile(map) {
  return `/*\n  Content-Security-Policy: ${contentSecurityPolicy(map)}\n`;
}

/**
 * Writes `_headers` into every build's output folder.
 * @param {{ tileOrigin: string, photoOrigin?: string | null }} map
 * @returns {import('astro').AstroIntegration}
 */
export function securityHeaders(map) {
  return {
    name: 'security-headers',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        await writeFile(new URL('_headers', dir), headersFile(map));
      },
    },
  };
}
