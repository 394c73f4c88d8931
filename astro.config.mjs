// @ts-check
import netlify from '@astrojs/netlify';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';

// SITE_URL is the public origin (canonical URLs, sitemap); locally it is the dev server.
const site = process.env.SITE_URL || process.env.URL || `http://localhost:${process.env.PORT || 4321}`;

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file' },
  // Local builds (npm start and its rebuilds, tests, bench: scripts/lib/build.ts) are served by scripts/lib/server.ts
  // and need no Netlify output; without the adapter they never share the project's .netlify/ folder with another build.
  ...(process.env.LOCAL_SITE_BUILD === '1'
    ? {}
    : { adapter: netlify({ imageCDN: false, devFeatures: false }) }),
  // The sitemap leaves out pages marked noindex (404, the submission confirmation).
  integrations: [
    react(),
    sitemap({ filter: (page) => !/\/(404|list-success)\/?$/.test(new URL(page).pathname) }),
  ],
  vite: { plugins: [tailwindcss()] },
  // A rebuild after a staff change re-renders only the pages whose data changed (getStaticPaths cacheKey), D5.
  experimental: { incrementalBuild: true },
});
