/**
 * What the site build reads of reviews, with the public's privileges (D8): published reviews of verified listings,
 * the columns a page shows (the RLS policy and the column grants of the reviews migration decide, not this query),
 * and the figures /reviews-policy states.
 */
import type { Backend } from '../config';
import type { ReviewReason } from '../domain/reviews';
import { openSql } from './open';
import type { PublishedReview, ReviewFigures } from './review-store';
import { jsonRows, type Sql } from './sql';

// Read with jsonRows (16,000 reviews at 10,000 listings); each object's keys in PublishedReview's order.
const PUBLISHED = `select coalesce(json_agg(json_build_object(
      'id', r.id::text, 'listing_id', r.listing_id::text, 'rating', r.rating::int, 'title', r.title, 'body', r.body,
      'stay_month', to_char(r.stay_month, 'YYYY-MM-DD'), 'travelled_with', r.travelled_with,
      'display_name', r.display_name,
      'published_at', to_char(r.published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'reply', p.body)
    order by r.listing_id, r.published_at desc, r.id), '[]')::text as rows
  from public.listing_reviews r left join public.review_replies p on p.review_id = r.id`;

/** Every published review, grouped by listing id, newest first. */
export async function readPublishedReviews(sql: Sql): Promise<Map<string, PublishedReview[]>> {
  const rows = await sql.transaction((tx) => jsonRows<PublishedReview>(tx, PUBLISHED), 'anon');
  const byListing = new Map<string, PublishedReview[]>();
  for (const row of rows) {
    const list = byListing.get(row.listing_id);
    if (list) list.push(row);
    else byListing.set(row.listing_id, [row]);
  }
  return byListing;
}

/** Reviews published and rejected in the last 12 months (this month and the 11 before), rejected by reason. */
export async function readReviewFigures(sql: Sql): Promise<ReviewFigures> {
  const rows = await sql.transaction(
    (tx) =>
      tx.query<{ outcome: string; reason: string; n: number }>(
        `select outcome, reason, sum(n)::int as n from public.review_decision_counts
         where month > (date_trunc('month', now()) - interval '12 months')::date group by outcome, reason`,
      ),
    'anon',
  );
  const figures: ReviewFigures = { published: 0, rejected: 0, rejectedByReason: {} };
  for (const r of rows) {
    if (r.outcome === 'published') figures.published += r.n;
    else if (r.outcome === 'rejected') {
      figures.rejected += r.n;
      if (r.reason) figures.rejectedByReason[r.reason as ReviewReason] = r.n;
    }
  }
  return figures;
}

/** Both, from the configured backend, for one build. */
export async function readReviewsForBuild(backend: Backend) {
  const sql = await openSql(backend);
  try {
    return { byListing: await readPublishedReviews(sql), figures: await readReviewFigures(sql) };
  } finally {
    await sql.close();
  }
}
