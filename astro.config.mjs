// @ts-check

import { rm } from 'node:fs/promises';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { clientBundle } from './src/build/client-bundle.mjs';
import { incrementalSite } from './src/build/incremental/integration';
import { islandStylesInHead } from './src/build/island-styles.mjs';
import { securityHeaders } from './src/build/security-headers.mjs';
import { serviceWorker } from './src/build/service-worker.mjs';
import { sitemapParts } from './src/build/sitemap-parts.mjs';
import { ConfigError, currentConfig } from './src/config';
import { TYPE_ROUTES } from './src/domain/lists';

/**
 * The Netlify adapter as published, for a site whose every page is prerendered. Astro counts a build with an adapter
 * as a server build unless the adapter declares static output (`adapterFeatures.buildOutput`, Astro's adapter API),
 * and `@astrojs/netlify` does not: it then bundles and traces a catch-all SSR function (path /*), about 4 s of every
 * `npm run build` (docs/performance.md, "Sections and budgets"), that would answer unknown paths on Netlify and
 * could shadow the /api functions. Declaring static output here makes Astro build only the pages, so the adapter
 * writes no function; everything else it writes is the same (`_redirects`, .netlify/v1/config.json with the cache
 * headers of /_astro/, skew protection). Without the function Netlify serves 404.html with status 404 and each
 * function answers on its own path. A page that renders on demand stops the build (Astro's own error).
 * @param {import('astro').AstroIntegration} adapter
 * @returns {import('astro').AstroIntegration}
 */
function staticOutputOnly(adapter) {
  const configDone = adapter.hooks['astro:config:done'];
  const buildDone = adapter.hooks['astro:build:done'];
  return {
    ...adapter,
    hooks: {
      ...adapter.hooks,
      // A proxy, not a copy: the adapter reads the hook's `buildOutput` getter after it has set itself.
      'astro:config:done': (params) =>
        configDone?.(
          new Proxy(params, {
            get: (target, key) =>
              key === 'setAdapter'
                ? (/** @type {import('astro').AstroAdapter} */ declared) =>
                    target.setAdapter({
                      ...declared,
                      adapterFeatures: { ...declared.adapterFeatures, buildOutput: 'static' },
                    })
                : Reflect.get(target, key),
          }),
        ),
      // The adapter empties its SSR function's folder at the start of each build; the deploy has none.
      'astro:build:done': async (params) => {
        await buildDone?.(params);
        await rm(new URL('./.netlify/v1/functions/ssr/', import.meta.url), { recursive: true, force: true });
      },
    },
  };
}

/**
 * A build has no use for Vite's dependency optimizer (it pre-bundles dependencies for the dev server's browser), but
 * the temporary server Astro starts to sync content runs it for the dependencies React's integration lists: about
 * 0.5-1 s of a build whenever the shared cache (node_modules/.vite) was made by another configuration.
 * `astro dev` keeps it; the build's own bundles do not use it.
 * @returns {import('astro').AstroIntegration}
 */
function noDependencyOptimizerInBuilds() {
  return {
    name: 'no-dependency-optimizer-in-builds',
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        if (command !== 'build') return;
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'no-dependency-optimizer',
                enforce: 'post',
                configEnvironment(_name, options) {
                  options.optimizeDeps = { ...options.optimizeDeps, noDiscovery: true, include: [] };
                },
              },
            ],
          },
        });
      },
    },
  };
}

/** The product's configuration (src/config.ts): a mistake stops the build with one line naming the variable. */
function productConfig() {
  try {
    return currentConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Configuration error: ${error.message}`);
    process.exit(1);
  }
}
const config = productConfig();

const typePaths = new Set(TYPE_ROUTES.map((r) => `/${r.path}`));
/** Pages listed, with their lastmod, by src/pages/sitemap-listings.xml.ts. @param {string} path */
const datedPage = (path) =>
  /^\/(listings|blog)\/./.test(path) ||
  /^\/glamping-[a-z-]+(\/\d+)?\/?$/.test(path) ||
  typePaths.has(path.replace(/\/$/, '').replace(/\/\d+$/, ''));

// The public origin (canonical URLs, sitemap); locally the local server.
const site = config.siteUrl ?? `http://localhost:${config.port}`;

export default defineConfig({
  site,
  // The listings snapshot (with its sync watermark) and the incremental-build cache live here, in the project rather
  // than in node_modules, so that the Netlify build plugin (netlify/plugins/build-cache) can carry them from one
  // build to the next. npm start's rebuilds and the bench keep theirs elsewhere (scripts/lib/rebuild.ts, scripts/bench).
  cacheDir: './.cache/astro',
  output: 'static',
  trailingSlash: 'never',
  // Four pages in flight: a page's time is mostly its file being created and written, in the kernel
  // through the thread pool; with one at a time the renderer waited for each. The output is the same.
  build: { format: 'file', concurrency: 4 },
  // Local builds (npm start and its rebuilds, tests, bench: scripts/lib/build.ts) are served by scripts/lib/server.ts
  // and need no Netlify output; without the adapter they never share the project's .netlify/ folder with another build.
  // Nor do they load it: importing the adapter (with Netlify's dev tooling and function bundler) takes about 1.5 s.
  ...(process.env.LOCAL_SITE_BUILD === '1'
    ? {}
    : {
        adapter: staticOutputOnly(
          (await import('@astrojs/netlify')).default({ imageCDN: false, devFeatures: false }),
        ),
      }),
  // The sitemap leaves out pages marked noindex (404, the submission confirmation, the staff console, the owner page,
  // the shortlist and sign-in),
  // and the pages that have a date (listings, landing pages, articles): src/pages/sitemap-listings.xml.ts lists
  // those with their lastmod.
  integrations: [
    noDependencyOptimizerInBuilds(),
    islandStylesInHead(),
    // The Content-Security-Policy names the configured map tile origin: written as dist/_headers.
    securityHeaders({
      tileOrigin: config.map.tileOrigin,
      // Photos served from elsewhere than the site (Supabase Storage in production) are allowed by their origin.
      photoOrigin: /^https?:/.test(config.photoBase) ? new URL(config.photoBase).origin : null,
    }),
    react(),
    sitemap({
      filter: (page) =>
        !/\/(404|list-success|newsletter\/[a-z]+|alerts\/[a-z]+|offline|staff|owner|shortlist|sign-in(\/[a-z]+)?)\/?$/.test(
          new URL(page).pathname,
        ) && !datedPage(new URL(page).pathname),
      customSitemaps: [new URL('/sitemap-listings.xml', site).href],
    }),
    // Its later parts, once the directory outgrows one (src/components/sitemap.ts): after the index is written.
    sitemapParts(),
    // The installable app's service worker (docs/offline.md), written after the pages it precaches.
    serviceWorker({
      photoOrigin: /^https?:/.test(config.photoBase) ? new URL(config.photoBase).origin : null,
    }),
    // Last: a rebuild after a staff change renders only the pages whose data changed and carries the rest (D5).
    incrementalSite({ map: config.map, photoBase: config.photoBase }),
  ],
  vite: {
    // The browser's JavaScript: a few files per page rather than many small ones, a small preload helper
    // (src/build/client-bundle.mjs; README, "The browser's JavaScript").
    plugins: [tailwindcss(), ...clientBundle({ mainIsland: 'BrowseApp' })],
    build: {
      // Astro puts a small script into each page that runs it; the layout's script runs on every page, so it is one
      // file the browser caches instead (about 0.8 KB less HTML per page). Anything else: Vite's default.
      // The listing page's photo viewer likewise (the page's HTML stays within 11 KB), and the home page's hero search
      // (1.5 KB of a browse page's 60 KB budget, docs/performance.md).
      assetsInlineLimit: (file) =>
        /\/(Base|ListingPhotos|HeroSearch)\.astro_astro_type_script_/.test(file) ? false : undefined,
    },
    // Leaflet's ES module build: its CommonJS main would pull the CommonJS interop helpers into the runtime chunk
    // every page loads, though the map itself loads only on demand.
    resolve: { alias: [{ find: /^leaflet$/, replacement: 'leaflet/dist/leaflet-src.esm.js' }] },
  },
});
