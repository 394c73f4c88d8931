// @ts-check

/**
 * Astro writes its island rule as a <style> element in the body, before the first island: the Nu HTML Checker
 * rejects a style element there (valid HTML). The same rule is in src/styles/global.css, loaded in every page's head,
 * so this integration takes the element out of the pages, as they are rendered (island-styles-middleware.mjs): a
 * page's HTML is in memory then, where reading every built page back after the build cost about 1 s at 10,000
 * listings (README, "The cold build"). Only the element goes; the pages are otherwise the very bytes Astro rendered.
 */
export const ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

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
    },
  };
}
