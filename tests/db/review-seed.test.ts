/** The sample reviews: deterministic, on about 40% of verified listings, hidden ones never public. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrate } from '../../scripts/lib/migrate';
import { insertSampleReviews } from '../../scripts/lib/review-seed';
import { generateSampleListings } from '../../scripts/lib/sample/generate';
import { generateSampleReviews } from '../../scripts/lib/sample/reviews';
import { insertListings } from '../../scripts/lib/seed';
import { openPglite } from '../../src/data/adapters/pglite';
import { readPublishedReviews, readReviewFigures } from '../../src/data/review-reader';
import type { Sql } from '../../src/data/sql';

let sql: Sql;
const NOW = new Date('2026-11-26T00:00:00Z');
const listings = generateSampleListings({ verified: 300 });
const reviews = generateSampleReviews(listings, NOW);

beforeAll(async () => {
  sql = await openPglite();
  await migrate(sql);
  await insertListings(sql, listings);
  await insertSampleReviews(sql, reviews);
});
afterAll(() => sql?.close());

it('is the same set every time', () => {
  expect(generateSampleReviews(listings, NOW)).toEqual(reviews);
});

it('reviews about 40% of the verified listings, with every rating, short and long texts and a few replies', async () => {
  const verified = listings.filter((l) => l.verification_status === 'verified').length;
  const shown = await readPublishedReviews(sql);
  expect(shown.size / verified).toBeGreaterThan(0.3);
  expect(shown.size / verified).toBeLessThan(0.5);
  const all = [...shown.values()].flat();
  expect(new Set(all.map((r) => r.rating))).toEqual(new Set([1, 2, 3, 4, 5]));
  const lengths = all.map((r) => r.body.length);
  expect(Math.min(...lengths)).toBeGreaterThanOrEqual(50);
  expect(Math.max(...lengths)).toBeGreaterThan(400);
  expect(all.filter((r) => r.reply).length).toBeGreaterThan(0);
});

it('adds unconfirmed, pending and rejected reviews that the public never reads, and counts the decisions', async () => {
  const hidden = reviews.filter((r) => r.status !== 'published');
  expect(new Set(hidden.map((r) => r.status))).toEqual(new Set(['unconfirmed', 'pending', 'rejected']));
  const shown = [...(await readPublishedReviews(sql)).values()].flat();
  expect(shown).toHaveLength(reviews.length - hidden.length);
  const figures = await readReviewFigures(sql);
  expect(figures.published).toBe(shown.length);
  expect(figures.rejected).toBe(hidden.filter((r) => r.status === 'rejected').length);
});
