// @ts-check
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { injectManifest } from '@serwist/build';
import { build } from 'esbuild';

/**
 * The app shell the service worker keeps from the start (docs/saved-searches.md, "The installable app"): the offline page, the shortlist page,
 * the stylesheets, the scripts and the icons. Left to the network: the map (Leaflet and its tiles, of no use without
 * a signal) and the code of pages never served offline.
 */
const SHELL = [
  'offline.html',
  'shortlist.html',
  '_astro/*.css',
  '_astro/*.js',
  'logo.svg',
  'icons/*.png',
  'manifest.webmanifest',
];
const NOT_SHELL = [
  '_astro/*{Map,map}*',
  // Staff, owner, sign-in and form code: those pages are never served offline.
  '_astro/*{Staff,Owner,owner,ListingForm,SignIn,Renewal,ContactForm,contact,ReportForm,submission,ManageAlerts}*',
];

/** `offline.html` is served as `/offline` (trailing slash never, build format file). */
const cleanUrl = (/** @type {string} */ url) => url.replace(/\.html$/, '');

/**
 * Builds dist/sw.js after the site: src/pwa/sw.ts bundled with esbuild, then Serwist's injectManifest writes the app
 * shell's precache list (each file with its revision) into it. A new deploy changes the list, so the browser installs
 * the new worker, which takes over at once.
 * @param {{ photoOrigin: string | null }} options
 * @returns {import('astro').AstroIntegration}
 */
export function serviceWorker({ photoOrigin }) {
  return {
    name: 'service-worker',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const work = await mkdtemp(join(tmpdir(), 'glamping-sw-'));
        try {
          const bundled = join(work, 'sw.js');
          await build({
            entryPoints: [fileURLToPath(new URL('../pwa/sw.ts', import.meta.url))],
            outfile: bundled,
            bundle: true,
            format: 'iife',
            minify: true,
            target: 'es2022',
            legalComments: 'none',
            define: {
              __PHOTO_ORIGIN__: JSON.stringify(photoOrigin ?? ''),
              'process.env.NODE_ENV': '"production"',
            },
            logLevel: 'warning',
          });
          const { count, size, warnings } = await injectManifest({
            swSrc: bundled,
            swDest: join(out, 'sw.js'),
            globDirectory: out,
            globPatterns: SHELL,
            globIgnores: NOT_SHELL,
            modifyURLPrefix: { '': '/' },
            dontCacheBustURLsMatching: /^\/_astro\//,
            manifestTransforms: [
              async (entries) => ({
                manifest: entries.map((e) => ({ ...e, url: cleanUrl(e.url) })),
                warnings: [],
              }),
            ],
          });
          for (const w of warnings) logger.warn(w);
          logger.info(`Service worker: ${count} app-shell files precached (${(size / 1024).toFixed(0)} KB)`);
        } finally {
          await rm(work, { recursive: true, force: true });
        }
      },
    },
  };
}
