import { describe, expect, it } from 'vitest';
import {
  reviewCount,
  reviewsSectionBytes,
  reviewTextBytes,
  withoutReviews,
} from '../../scripts/bench/review-weight';
import { serializeJsonLd } from '../../src/domain/json-ld';
import { reviewsJsonLd, type ShownReview } from '../../src/domain/reviews';

const review = (n: number, rating: number): ShownReview => ({
  rating,
  title: n % 2 ? `Night ${n}` : '',
  body: `Quiet & dark <skies>, night ${n}. The fire pit made the evenings; we would come back.`,
  display_name: 'Dee & Mo',
  published_at: '2026-11-20T10:00:00Z',
});

const listingLd = { '@context': 'https://schema.org', '@type': 'LodgingBusiness', name: 'Pine Yurt' };
const breadcrumb = { '@context': 'https://schema.org', '@type': 'BreadcrumbList', itemListElement: [] };

const SECTION_WITH_REVIEWS =
  '<section class="reviews" aria-labelledby="reviews-heading" data-bench-extra><h2 id="reviews-heading">Travelers\' reviews</h2>' +
  '<ol><li class="review"><article><p>Quiet &amp; dark</p></article></li></ol></section>';

function page(reviews: ShownReview[], section: string) {
  const ld = serializeJsonLd([{ ...listingLd, ...reviewsJsonLd(reviews) }, breadcrumb]);
  return (
    `<!DOCTYPE html><html lang="en"><head><title>Pine Yurt</title><script type="application/ld+json">${ld}</script></head>` +
    `<body><main><h1>Pine Yurt</h1><section aria-labelledby="location" data-bench-extra><h2 id="location">Map</h2></section>` +
    `${section}<p>After</p></main></body></html>`
  );
}

describe('reviewCount', () => {
  it('reads the count the JSON-LD states, 0 for a page without reviews or without JSON-LD', () => {
    const ten = Array.from({ length: 12 }, (_, i) => review(i, 1 + (i % 5)));
    expect(reviewCount(page(ten, SECTION_WITH_REVIEWS))).toBe(12);
    expect(reviewCount(page([review(1, 5)], SECTION_WITH_REVIEWS))).toBe(1);
    expect(
      reviewCount(page([], '<section aria-labelledby="reviews-heading"><p>No reviews yet.</p></section>')),
    ).toBe(0);
    expect(reviewCount('<html><head></head><body></body></html>')).toBe(0);
  });
});

describe('withoutReviews', () => {
  it('is the same page built without reviews: no reviews section, JSON-LD without rating and reviews', () => {
    const reviews = Array.from({ length: 10 }, (_, i) => review(i, 5));
    const html = page(reviews, SECTION_WITH_REVIEWS);
    expect(withoutReviews(html)).toBe(page([], ''));
    expect(withoutReviews(page([], ''))).toBe(page([], ''));
  });

  it('leaves the other marked sections and the rest of the JSON-LD alone', () => {
    const result = withoutReviews(page([review(1, 4)], SECTION_WITH_REVIEWS));
    expect(result).toContain('<h2 id="location">Map</h2>');
    expect(result).toContain('"BreadcrumbList"');
    expect(result).toContain('"name":"Pine Yurt"');
    expect(result).not.toContain('aggregateRating');
    expect(result).not.toContain('Quiet');
  });

  it('refuses JSON-LD the page serialiser would not write, rather than measure the difference', () => {
    const html = '<head><script type="application/ld+json">{ "@type": "Thing" }</script></head>';
    expect(() => withoutReviews(html)).toThrow(/serializeJsonLd/);
  });
});

describe('reviewsSectionBytes and reviewTextBytes', () => {
  it('weigh the section alone, and the writers’ own text (title, body, name) of the reviews the JSON-LD lists', () => {
    const reviews = [review(1, 5), review(2, 3)];
    const html = page(reviews, SECTION_WITH_REVIEWS);
    expect(reviewsSectionBytes(html)).toBe(Buffer.byteLength(SECTION_WITH_REVIEWS));
    expect(reviewsSectionBytes(page([], ''))).toBe(0);
    const text = reviews.reduce(
      (sum, r) =>
        sum + Buffer.byteLength(r.title) + Buffer.byteLength(r.body) + Buffer.byteLength(r.display_name),
      0,
    );
    expect(reviewTextBytes(html)).toBe(text);
    expect(reviewTextBytes(page([], ''))).toBe(0);
  });

  it('counts the first 10 reviews only, the ones the JSON-LD lists and the section shows open', () => {
    const many = Array.from({ length: 14 }, (_, i) => review(i, 4));
    const firstTen = many.slice(0, 10);
    expect(reviewTextBytes(page(many, ''))).toBe(reviewTextBytes(page(firstTen, '')));
  });
});
