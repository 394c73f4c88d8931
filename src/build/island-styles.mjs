// @ts-check
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Astro writes its island rule as a <style> element in the body, before the first island: the Nu HTML Checker
 * rejects a style element there (issue 16). The same rule is in src/styles/global.css, loaded in every page's head,
 * so this integration takes the element out of the built pages.
 */
export const ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

/** @param {string} dir @returns {string[]} */
function htmlFiles(dir) {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((entry) => entry.endsWith('.html'))
    .map((entry) => join(dir, entry));
}

/** @returns {import('astro').AstroIntegration} */
export function islandStylesInHead() {
  return {
    name: 'island-styles-in-head',
    hooks: {
      // Synchronous reads (issue 18): one file after the other either way, and 10,000 pages awaited one by one
      // through the thread pool took seconds on a busy machine.
      'astro:build:done': ({ dir }) => {
        for (const file of htmlFiles(fileURLToPath(dir))) {
          const html = readFileSync(file, 'utf8');
          if (html.includes(ISLAND_STYLE)) writeFileSync(file, html.replaceAll(ISLAND_STYLE, ''));
        }
      },
    },
  };
}
