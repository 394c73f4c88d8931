// @ts-check
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Astro writes its island rule as a <style> element in the body, before the first island: the Nu HTML Checker
 * rejects a style element there (issue 16). The same rule is in src/styles/global.css, loaded in every page's head,
 * so this integration takes the element out of the built pages.
 */
export const ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

/** @param {string} dir @returns {AsyncGenerator<string>} */
async function* htmlFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(path);
    else if (entry.name.endsWith('.html')) yield path;
  }
}

/** @returns {import('astro').AstroIntegration} */
export function islandStylesInHead() {
  return {
    name: 'island-styles-in-head',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        for await (const file of htmlFiles(fileURLToPath(dir))) {
          const html = await readFile(file, 'utf8');
          if (html.includes(ISLAND_STYLE)) await writeFile(file, html.replaceAll(ISLAND_STYLE, ''));
        }
      },
    },
  };
}
