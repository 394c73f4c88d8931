// @ts-check
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';

/**
 * Astro writes its island rule as a <style> element in the body, before the first island: the Nu HTML Checker
 * rejects a style element there (valid HTML). The same rule is in src/styles/global.css, loaded in every page's head,
 * so this integration takes the element out of the pages, as they are rendered (island-styles-middleware.mjs): a
 * page's HTML is in memory then, where reading every built page back after the build cost about 1 s at 10,000
 * listings (README, "The cold build").
 *
 * Beside it Astro inlines the script that defines <astro-island> (4.3 KB, the same on every page with an island):
 * the same middleware puts a module script in its place, which loads that very script from one file the browser
 * caches (written by the build into _astro/, named by its content, so a newer Astro names another). A module script
 * runs once the page is parsed; the islands wait for it as they wait for their own code, and hydrate as before.
 * Otherwise the pages are the very bytes Astro rendered.
 */
export const ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

/** Astro's inline island script, as it renders it into a page. */
export const ISLAND_SCRIPT = `<script>${islandScript}</script>`;

/** Where the build writes the island script: the site-absolute path, in Astro's own folder of hashed bundles. */
export const ISLAND_SCRIPT_PATH = `/_astro/astro-island.${createHash('sha256').update(islandScript).digest('base64url').slice(0, 8)}.js`;

/** What the pages load instead of the inline script. */
export const ISLAND_SCRIPT_TAG = `<script type="module" src="${ISLAND_SCRIPT_PATH}"></script>`;

/** @returns {import('astro').AstroIntegration} */
export function islandStylesInHead() {
  return {
    name: 'island-styles-in-head',
    hooks: {
      'astro:config:setup': ({ addMiddleware }) => {
        addMiddleware({
          entrypoint: new URL('./island-styles-middleware.mjs', import.meta.url),
          order: 'post',
        });
      },
      // Before the service worker's hook (later in the list of integrations), which precaches _astro/*.js.
      'astro:build:done': async ({ dir }) => {
        const file = new URL(`.${ISLAND_SCRIPT_PATH}`, dir);
        await mkdir(new URL('./', file), { recursive: true });
        await writeFile(file, islandScript);
      },
    },
  };
}
