/**
 * The reviews this build shows, read once per build with the public's privileges (D8): each listing's published
 * reviews, newest first, and the moderation figures of /reviews-policy. A listing page passes its reviews as props, so
 * its incremental-build key changes exactly when a review it shows is published, edited, replied to or withdrawn.
 */
import { currentConfig } from '../config';
import type { ListingRating } from '../domain/ratings';
import { ratingSummary } from '../domain/reviews';
import { enableEmbeddedDatabase } from './embedded';
import { readReviewsForBuild } from './review-reader';
import type { PublishedReview, ReviewFigures } from './review-store';

let read: Promise<{ byListing: Map<string, PublishedReview[]>; figures: ReviewFigures }> | null = null;

function readOnce() {
  if (!read) {
    const config = currentConfig();
    if (config.backend.kind === 'pglite') enableEmbeddedDatabase();
    read = readReviewsForBuild(config.backend);
  }
  return read;
}

/** Every listing's published reviews by listing id, once per build. */
export async function reviewsByListing(): Promise<Map<string, PublishedReview[]>> {
  if (import.meta.env.DEV) read = null;
  return (await readOnce()).byListing;
}

/** The moderation figures of the last 12 months. */
export async function reviewFigures(): Promise<ReviewFigures> {
  if (import.meta.env.DEV) read = null;
  return (await readOnce()).figures;
}

let ratings: Promise<Map<string, ListingRating>> | null = null;

/** Each reviewed listing's average and count, by listing id, once per build: cards, the dialog, sort and filter. */
export function listingRatings(): Promise<Map<string, ListingRating>> {
  const make = async () => {
    const out = new Map<string, ListingRating>();
    for (const [id, reviews] of await reviewsByListing()) {
      const summary = ratingSummary(reviews.map((r) => r.rating));
      if (summary) out.set(id, { average: summary.average, count: summary.count });
    }
    return out;
  };
  if (import.meta.env.DEV) return make();
  ratings ??= make();
  return ratings;
}
