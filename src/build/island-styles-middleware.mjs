// @ts-check
import { ISLAND_SCRIPT, ISLAND_SCRIPT_TAG, ISLAND_STYLE } from './island-styles.mjs';

/** What goes out of every page, and what takes its place (src/build/island-styles.mjs). */
const SWAPS = [
  { from: Buffer.from(ISLAND_STYLE), to: Buffer.alloc(0) },
  { from: Buffer.from(ISLAND_SCRIPT), to: Buffer.from(ISLAND_SCRIPT_TAG) },
];

/**
 * Routes whose pages render no island, so hold neither element: the listing pages (D16, zero JavaScript, which
 * tests/e2e/listing.test.ts checks). Their HTML is passed on as Astro rendered it, not read and copied once more: at
 * 10,000 listings that copy and search cost about 0.8 s of a cold build (docs/performance.md, "The cold build").
 */
const WITHOUT_ISLANDS = new Set(['/listings/[slug]']);

/**
 * The island rule's <style> element out of every HTML page, and Astro's inline island script replaced by the file
 * that holds it (src/build/island-styles.mjs), in the build and in astro dev alike (where Astro inlines another
 * script, left as it is). Other responses (JSON, images, XML) pass untouched. The page is searched and cut as bytes
 * (both elements are ASCII): no decoding and encoding again of 10,000 pages, some of them 160 KB.
 * @type {import('astro').MiddlewareHandler}
 */
export async function onRequest(context, next) {
  const response = await next();
  if (WITHOUT_ISLANDS.has(context.routePattern)) return response;
  if (!response.body || !response.headers.get('content-type')?.startsWith('text/html')) return response;
  /** @type {Buffer<ArrayBuffer>} */
  let html = Buffer.from(await response.arrayBuffer());
  for (const { from, to } of SWAPS) html = swapAll(html, from, to);
  return new Response(html, response);
}

/**
 * `html` with every `from` replaced by `to`; the same buffer when there is none.
 * @param {Buffer<ArrayBuffer>} html @param {Buffer} from @param {Buffer} to
 * @returns {Buffer<ArrayBuffer>}
 */
function swapAll(html, from, to) {
  let at = html.indexOf(from);
  if (at === -1) return html;
  const parts = [];
  let start = 0;
  for (; at !== -1; at = html.indexOf(from, start)) {
    parts.push(html.subarray(start, at), to);
    start = at + from.length;
  }
  parts.push(html.subarray(start));
  return Buffer.concat(parts);
}
