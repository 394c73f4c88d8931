import type { Sql } from '../../src/data/sql';
import type { SampleReview } from './sample/reviews';

/**
 * Inserts sample reviews (seeding only) with their owners' replies, and counts their decisions in the figures of
 * /reviews-policy as staff deciding them would. Returns how many reviews were inserted.
 */
export async function insertSampleReviews(sql: Sql, reviews: readonly SampleReview[]): Promise<number> {
  if (reviews.length === 0) return 0;
  await sql.transaction(async (tx) => {
    await tx.query(
      `with rows as (select * from jsonb_to_recordset($1::text::jsonb) as r(listing_id uuid, rating smallint,
         title text, body text, stay_month date, travelled_with text, display_name text, email text, status text,
         reject_reason text, reply text)),
       added as (
         insert into public.listing_reviews (listing_id, rating, title, body, stay_month, travelled_with,
           display_name, email, client_hash, status, reject_reason, confirmed_at, published_at, decided_at,
           decided_by)
         select listing_id, rating, title, body, stay_month, travelled_with, display_name, email,
           encode(sha256(convert_to(email, 'UTF8')), 'hex'), status,
           reject_reason, case when status <> 'unconfirmed' then now() end,
           case when status = 'published' then now() end,
           case when status in ('published', 'rejected') then now() end,
           case when status in ('published', 'rejected') then 'sample data' end
         from rows
         returning id, listing_id, email)
       insert into public.review_replies (review_id, owner_email, body, published_at)
       select a.id, 'owner@example.com', r.reply, now()
       from added a join rows r on r.listing_id = a.listing_id and r.email = a.email
       where r.reply is not null`,
      [JSON.stringify(reviews)],
    );
    await tx.query(
      `insert into public.review_decision_counts (month, outcome, reason, n)
       select date_trunc('month', now())::date, status, coalesce(reject_reason, ''), count(*)::int
       from public.listing_reviews where status in ('published', 'rejected') group by status, reject_reason
       on conflict (month, outcome, reason) do update set n = excluded.n`,
    );
  }, 'service_role');
  return reviews.length;
}
