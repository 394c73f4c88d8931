// @ts-check
import { readdir, readFile, writeFile } from 'node:fs/promises';

/** The later parts of the dated sitemap (src/pages/sitemap-listings-[part].xml.ts), in order. */
const PART = /^sitemap-listings-(\d+)\.xml$/;

/**
 * Adds the later parts of the dated sitemap to the index @astrojs/sitemap wrote: its customSitemaps option is fixed
 * when the configuration loads, before the data says how many parts there are (src/components/sitemap.ts). Runs
 * after the sitemap integration's own hook (integrations run in the order astro.config.mjs lists them), and finds
 * every part in the output folder: the parts are rendered by every build, never carried.
 * @returns {import('astro').AstroIntegration}
 */
export function sitemapParts() {
  return {
    name: 'sitemap-parts',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const parts = (await readdir(dir))
          .map((name) => ({ name, n: Number(PART.exec(name)?.[1] ?? 0) }))
          .filter((p) => p.n > 0)
          .sort((a, b) => a.n - b.n);
        if (parts.length === 0) return;
        const indexUrl = new URL('sitemap-index.xml', dir);
        const index = await readFile(indexUrl, 'utf8');
        // The first part's entry, whose origin the later ones share.
        const first = /<sitemap><loc>([^<]*\/)sitemap-listings\.xml<\/loc><\/sitemap>/.exec(index);
        if (!first) throw new Error('sitemap-index.xml does not list sitemap-listings.xml');
        const later = parts.map((p) => `<sitemap><loc>${first[1]}${p.name}</loc></sitemap>`).join('');
        await writeFile(indexUrl, index.replace(first[0], `${first[0]}${later}`));
      },
    },
  };
}
