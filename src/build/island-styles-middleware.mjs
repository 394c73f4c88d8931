// @ts-check
import { ISLAND_STYLE } from './island-styles.mjs';

/**
 * The island rule's <style> element out of every HTML page (src/build/island-styles.mjs), in the build and in
 * astro dev alike. Other responses (JSON, images, XML) pass untouched.
 * @type {import('astro').MiddlewareHandler}
 */
export async function onRequest(_context, next) {
  const response = await next();
  if (!response.body || !response.headers.get('content-type')?.startsWith('text/html')) return response;
  const html = await response.text();
  return new Response(html.includes(ISLAND_STYLE) ? html.replaceAll(ISLAND_STYLE, '') : html, response);
}
