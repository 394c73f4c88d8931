// @ts-check

import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { incrementalSite } from './src/build/incremental-site';
import { islandStylesInHead } from './src/build/island-styles.mjs';
import { ConfigError, currentConfig } from './src/config';
import { TYPE_ROUTES } from './src/domain/lists';

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
  build: { format: 'file' },
  // No adapter: every page is prerendered, and Netlify publishes dist/ with netlify.toml's headers and deploys
  // netlify/functions/ on its own. The Netlify adapter added nothing but a catch-all SSR function that had to be deleted
  // after each build (it would answer unknown paths and shadow the /api functions), and bundling it took 4-8 s of every
  // build, half of a rebuild after a staff change (issue 18). A route that renders on demand would need it again: Astro
  // then stops the build and says so.
  // The sitemap leaves out pages marked noindex (404, the submission confirmation), and the pages that have a date
  // (listings, landing pages, articles): src/pages/sitemap-listings.xml.ts lists those with their lastmod.
  integrations: [
    islandStylesInHead(),
    react(),
    sitemap({
      filter: (page) =>
        !/\/(404|list-success|newsletter\/[a-z]+)\/?$/.test(new URL(page).pathname) &&
        !datedPage(new URL(page).pathname),
      customSitemaps: [new URL('/sitemap-listings.xml', site).href],
    }),
    // Last: a rebuild after a staff change renders only the pages whose data changed and carries the rest (D5).
    incrementalSite(),
  ],
  vite: { plugins: [tailwindcss()] },
});
