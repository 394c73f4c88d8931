import { gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { toBrowseListing } from '../../src/domain/browse-data';
import { decodeBrowseData } from '../../src/domain/browse-decode';
import { encodeBrowseData } from '../../src/domain/browse-encode';
import { filterListings } from '../../src/domain/filter';
import { filtersFromParams, filtersToParams } from '../../src/domain/filter-params';
import { decodeRating, encodeRating, ratingText } from '../../src/domain/ratings';
import { ratingSummary, reviewSignals, reviewsJsonLd, stayMonthProblem } from '../../src/domain/reviews';
import { DEFAULT_FILTERS } from '../../src/domain/schemas/filters';
import { sortListings } from '../../src/domain/sort';
import { sampleListings } from './sample-listings';

const sample = sampleListings();
const listing = ({ slug }: { slug: string }) => ({ ...sample[0]!, slug });

it('sums ratings as a page shows them: one decimal, count, 5-to-1 distribution; nothing for none', () => {
  expect(ratingSummary([5, 4, 4, 1])).toEqual({ average: 3.5, count: 4, distribution: [1, 2, 0, 0, 1] });
  expect(ratingSummary([5, 5, 4])?.average).toBe(4.7);
  expect(ratingSummary([])).toBeNull();
  expect(ratingText(4.6, 23)).toBe('4.6 ★ (23 reviews)');
  expect(ratingText(5, 1)).toBe('5.0 ★ (1 review)');
});

it('accepts stays of this month back to 36 months, refuses the future and older ones', () => {
  const now = new Date('2026-11-26T08:00:00Z');
  expect(stayMonthProblem('2026-11', now)).toBeNull();
  expect(stayMonthProblem('2023-11', now)).toBeNull();
  expect(stayMonthProblem('2023-10', now)).toBe('Please review stays of the last 3 years only');
  expect(stayMonthProblem('2026-12', now)).toBe('The stay cannot be in the future');
  expect(stayMonthProblem('2026-1', now)).toBe('Please choose the month and year of your stay');
});

it('points staff to links and to several reviews from one client', () => {
  expect(reviewSignals('See https://x.io', 1)).toEqual(['links in the text']);
  expect(reviewSignals('Lovely place', 3)).toEqual(['3 reviews from one client in 30 days']);
  expect(reviewSignals('Lovely place', 1)).toEqual([]);
});

it('builds JSON-LD only from the reviews given, and nothing without them', () => {
  expect(reviewsJsonLd([])).toEqual({});
  const ld = reviewsJsonLd([
    {
      rating: 5,
      title: 'Great',
      body: 'b'.repeat(60),
      display_name: 'Ann',
      published_at: '2026-10-01T10:00:00Z',
    },
    { rating: 2, title: '', body: 'c'.repeat(60), display_name: 'Bo', published_at: '2026-09-01T10:00:00Z' },
  ]);
  expect(ld.aggregateRating).toMatchObject({ ratingValue: 3.5, reviewCount: 2 });
  expect(ld.review?.map((r) => r.author.name)).toEqual(['Ann', 'Bo']);
  expect(ld.review?.[1]).not.toHaveProperty('name');
  const many = Array.from({ length: 12 }, (_, i) => ({
    rating: 1 + (i % 5),
    title: '',
    body: 'd'.repeat(60),
    display_name: `N${i}`,
    published_at: '2026-10-01T10:00:00Z',
  }));
  expect(reviewsJsonLd(many).aggregateRating?.reviewCount).toBe(12);
  expect(reviewsJsonLd(many).review).toHaveLength(10);
});

it('carries ratings through the browse files and back', () => {
  for (const r of [null, { average: 1, count: 1 }, { average: 4.6, count: 23 }, { average: 5, count: 900 }])
    expect(decodeRating(encodeRating(r))).toEqual(r);
  const rated = { ...toBrowseListing(listing({ slug: 'a-b-c' })), rating: { average: 4.2, count: 3 } };
  const plain = toBrowseListing(listing({ slug: 'd-e-f' }));
  expect(decodeBrowseData(encodeBrowseData([rated, plain])).map((l) => l.rating)).toEqual([
    rated.rating,
    null,
  ]);
});

it('"4+ stars" and "Highest rated" work from the URL: ties by count, then newest; unrated last', () => {
  const make = (slug: string, rating: { average: number; count: number } | null) => ({
    ...toBrowseListing(listing({ slug })),
    rating,
  });
  const all = [
    make('new-a', { average: 4.5, count: 2 }),
    make('b', null),
    make('c', { average: 4.5, count: 9 }),
    make('d', { average: 3.9, count: 40 }),
    make('old-e', { average: 4.5, count: 2 }),
  ];
  const filters = filtersFromParams(new URLSearchParams('rating=4&sort=rating'));
  expect(filters).toMatchObject({ rating: 4, sort: 'rating' });
  expect(filtersToParams(filters).toString()).toBe('sort=rating&rating=4');
  expect(filtersFromParams(new URLSearchParams('rating=5')).rating).toBe(0);
  expect(filterListings(all, filters).map((l) => l.slug)).toEqual(['new-a', 'c', 'old-e']);
  const position = (l: { slug: string }) => all.findIndex((x) => x.slug === l.slug);
  expect(sortListings(all, 'rating', { position }).map((l) => l.slug)).toEqual([
    'c',
    'new-a',
    'old-e',
    'd',
    'b',
  ]);
  expect(filterListings(all, DEFAULT_FILTERS)).toHaveLength(5);
});

it('adds at most 3 bytes gzipped per listing to the browse files at 10,000 listings, 40% of them rated', () => {
  const lean = sampleListings({ verified: 10_000, pending: 0, rejected: 0 }).map(toBrowseListing);
  // A fixed stride spreads averages 1.0-5.0 and counts 1-30 over 2 listings in 5, the same on every run.
  const rated = lean.map((l, i) =>
    i % 5 < 2 ? { ...l, rating: { average: 1 + ((i * 7) % 41) / 10, count: 1 + ((i * 13) % 30) } } : l,
  );
  const size = (rows: typeof lean, withRatings: boolean) => {
    const data = encodeBrowseData(rows);
    if (!withRatings) delete data.rating;
    return gzipSync(JSON.stringify(data)).length;
  };
  const perListing = (size(rated, true) - size(lean, false)) / lean.length;
  expect(perListing).toBeGreaterThan(0);
  expect(perListing).toBeLessThanOrEqual(3);
}, 60_000);
