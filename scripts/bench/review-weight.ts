/**
 * What a listing's reviews add to its page (docs/reviews.md): the reviews section (src/components/ListingReviews.astro)
 * and the JSON-LD's `aggregateRating` and `review` in the head. Pure string functions over built HTML, for the bench's
 * page-weight section (scripts/bench/page-weight.ts) and the rebuild section, which waits for a published review.
 */
import { serializeJsonLd } from '../../src/domain/json-ld';
import { removeElements } from './html-weight';

/** The reviews section, found by its heading (it is also marked data-bench-extra, as the map and photos are). */
const isReviewsSection = (name: string, attributes: string) =>
  name === 'section' && /\saria-labelledby="reviews-heading"/.test(attributes);

/** A JSON-LD script: its start tag, its content, its end tag. */
const JSON_LD = /(<script\b[^>]*\stype="application\/ld\+json"[^>]*>)([\s\S]*?)(<\/script>)/gi;

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every object of the page's JSON-LD (top level, or the items of a top-level array). */
function jsonLdObjects(html: string): JsonObject[] {
  const objects: JsonObject[] = [];
  for (const m of html.matchAll(JSON_LD)) {
    const data = JSON.parse(m[2] ?? 'null') as unknown;
    for (const item of Array.isArray(data) ? data : [data]) if (isObject(item)) objects.push(item);
  }
  return objects;
}

/** The count the page's JSON-LD states (`aggregateRating.reviewCount`): its published reviews; 0 for none. */
export function reviewCount(html: string): number {
  for (const object of jsonLdObjects(html)) {
    const rating = object.aggregateRating;
    if (isObject(rating) && typeof rating.reviewCount === 'number') return rating.reviewCount;
  }
  return 0;
}

/**
 * UTF-8 bytes of the reviews' own text as the JSON-LD lists them (title, body, the writer's chosen name): what the
 * writers wrote, as opposed to the markup around it. The JSON-LD lists the first 10 reviews, those shown open.
 */
export function reviewTextBytes(html: string): number {
  let bytes = 0;
  for (const object of jsonLdObjects(html)) {
    for (const review of Array.isArray(object.review) ? object.review : []) {
      if (!isObject(review)) continue;
      const author = isObject(review.author) ? review.author.name : '';
      for (const text of [review.name, review.reviewBody, author]) {
        if (typeof text === 'string') bytes += Buffer.byteLength(text);
      }
    }
  }
  return bytes;
}

/**
 * The page as it would be without its reviews: no reviews section, and JSON-LD without `aggregateRating` and
 * `review`, serialised as the page serialises it. A page whose JSON-LD the same serialiser does not reproduce is an
 * error: the difference would then measure the serialiser, not the reviews.
 */
export function withoutReviews(html: string): string {
  const page = removeElements(html, isReviewsSection);
  return page.replace(JSON_LD, (_, open: string, content: string, close: string) => {
    const data = JSON.parse(content) as unknown;
    if (serializeJsonLd(data) !== content) throw new Error('JSON-LD not written by serializeJsonLd');
    const strip = (item: unknown) => {
      if (!isObject(item)) return item;
      const { aggregateRating: _rating, review: _reviews, ...rest } = item;
      return rest;
    };
    return `${open}${serializeJsonLd(Array.isArray(data) ? data.map(strip) : strip(data))}${close}`;
  });
}

/** The bytes of the reviews section alone (0 when the page has none). */
export function reviewsSectionBytes(html: string): number {
  return Buffer.byteLength(html) - Buffer.byteLength(removeElements(html, isReviewsSection));
}
