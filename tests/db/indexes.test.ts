import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Sql } from '../../src/data/sql';
import { backends, describeEachBackend } from './backends';

// Every secondary index costs each write of its table, so each one names the read it serves: the filter of a query
// the app runs (src/data/sql-store.ts, staff-sql.ts and its parts). An index no read needs fails here.
const list = await backends();
const SERVED: Record<string, string> = {
  glamping_listings_verified_change_idx: `select id from public.glamping_listings
    where verification_status = 'verified' and change_xid >= '1'::xid8`,
  glamping_listing_removals_change_idx: `select listing_id from public.glamping_listing_removals
    where change_xid >= '1'::xid8`,
  glamping_listings_status_created_idx: `select id from public.glamping_listings
    where verification_status = 'pending' order by created_at`,
  newsletter_subscribers_email_idx: `select id from public.newsletter_subscribers
    where lower(email) = lower('ada@example.com')`,
  email_outbox_due_idx: `select id from public.email_outbox where sent_at is null and next_attempt_at <= now()`,
  rate_limit_hits_bucket_idx: `select count(*) from public.rate_limit_hits
    where bucket = 'sign-in:ip:203.0.113.9' and at > now() - interval '15 minutes'`,
  rate_limit_hits_at_idx: `select id from public.rate_limit_hits
    where at < now() - interval '1 day' order by at limit 500`,
  photo_uploads_expires_idx: `select id from public.photo_uploads where expires_at <= now()`,
  staff_audit_log_listing_idx: `select id from public.staff_audit_log
    where listing_id = '00000000-0000-4000-8000-000000000001'`,
  // Reports: a listing's reports (its foreign key, and deleting a listing), and the open ones (the staff queue).
  listing_reports_listing_idx: `select id from public.listing_reports
    where listing_id = '00000000-0000-4000-8000-000000000001'`,
  listing_reports_open_idx: `select id from public.listing_reports where resolved_at is null order by created_at`,
  // Owners: the listings an address owns (every owner request), the staff queues of pending claims and
  // changes (oldest first), and a listing's claims and changes by status (its foreign keys, and a listing's history).
  listing_owners_email_idx: `select listing_id from public.listing_owners where email = 'ann@example.com'`,
  owner_claims_pending_idx: `select id from public.owner_claims where status = 'pending' order by created_at`,
  owner_claims_listing_idx: `select id from public.owner_claims
    where listing_id = '00000000-0000-4000-8000-000000000001'`,
  listing_changes_pending_idx: `select id from public.listing_changes where status = 'pending' order by created_at`,
  listing_changes_listing_idx: `select id from public.listing_changes
    where listing_id = '00000000-0000-4000-8000-000000000001' and status = 'approved'`,
  // Insights (D35): the site's figures per day across listings (the console's chart, the month's top listings).
  // Saved searches (docs/saved-searches.md): an address's alerts (one per search), a listing's matches, unsent ones.
  saved_searches_same_search_idx: `select id from public.saved_searches where email_key = 'k' and query = 'state=Colorado'`,
  saved_search_matches_listing_idx: `select saved_search_id from public.saved_search_matches
    where listing_id = '00000000-0000-0000-0000-000000000000'`,
  saved_search_matches_unsent_idx: `select listing_id from public.saved_search_matches
    where saved_search_id = '00000000-0000-0000-0000-000000000000' and sent_at is null`,
  // Reviews (docs/reviews.md): a listing's published reviews, an address's reviews (its limits), the queues.
  listing_reviews_listing_idx: `select id from public.listing_reviews
    where listing_id = '00000000-0000-0000-0000-000000000000' and status = 'published' order by published_at desc`,
  listing_reviews_email_idx: `select count(*) from public.listing_reviews
    where email = 'ann@example.com' and created_at > now() - interval '1 day'`,
  listing_reviews_queue_idx: `select id from public.listing_reviews where status = 'pending' order by confirmed_at`,
  review_links_review_idx: `select token_hash from public.review_links where review_id = '00000000-0000-0000-0000-000000000000'`,
  review_replies_queue_idx: `select review_id from public.review_replies
    where proposed_body is not null order by proposed_at`,
  review_reports_open_idx: `select id from public.review_reports where resolved_at is null order by created_at`,
  review_reports_review_idx: `select id from public.review_reports
    where review_id = '00000000-0000-0000-0000-000000000000'`,
  listing_event_counts_day_idx: `select listing_id from public.listing_event_counts
    where day between '2026-11-01' and '2026-11-30'`,
};

describeEachBackend(list, 'indexes on $name', (backend) => {
  let sql: Sql;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ sql, dispose } = await backend.create());
  });
  afterAll(() => dispose?.());

  it('every secondary index in public is one a read of the app needs', async () => {
    const rows = await sql.query<{ name: string }>(
      `select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
       where c.relnamespace = 'public'::regnamespace and not i.indisprimary
         and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
       order by 1`,
    );
    expect(rows.map((r) => r.name)).toEqual(Object.keys(SERVED).sort());
  });

  for (const [index, query] of Object.entries(SERVED)) {
    it(`${index} is usable by its read`, async () => {
      // Empty tables make a sequential scan cheapest; forbidding it asks whether the index can serve the read.
      const plan = await sql.transaction(async (tx) => {
        await tx.exec('set local enable_seqscan = off');
        return tx.query<{ 'QUERY PLAN': string }>(`explain ${query}`);
      });
      expect(plan.map((p) => p['QUERY PLAN']).join('\n')).toContain(index);
    });
  }
});
