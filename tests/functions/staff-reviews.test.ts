/** The staff Reviews queue: publish or reject with a fixed reason, replies, reports; audited, e-mailed either way. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertListings } from '../../scripts/lib/seed';
import { sqlReviewStore } from '../../src/data/review-sql';
import type { Sql } from '../../src/data/sql';
import { sqlStaffStore } from '../../src/data/staff-sql';
import { runStaffAction, type StaffRequest, staffRequestSchema } from '../../src/server/staff/actions';
import { listingRow } from '../db/fixtures';
import { testDatabase } from './support';

let sql: Sql;
const listing = listingRow({ slug: 'aspen-tents-taos-new-mexico' });
let rebuilds = 0;
const BODY = 'A real stay: we loved the canvas tent and the creek. More at www.example-spam.com of course.';

beforeAll(async () => {
  ({ sql } = await testDatabase());
  await insertListings(sql, [listing]);
  await sql.query(
    `insert into public.listing_owner_contacts (listing_id, owner_name, email) values ($1, 'Olga', 'olga@example.com')`,
    [listing.id],
  );
});
afterAll(() => sql?.close());

const kept = () => ({ ...sql, close: async () => {} });
const run = (request: unknown) =>
  runStaffAction(
    sqlStaffStore(kept()),
    staffRequestSchema.parse(request) as StaffRequest,
    'staff@example.org',
    {
      siteUrl: 'https://glamping.example',
      openReviews: async () => sqlReviewStore(kept()),
      localRebuild: () => {
        rebuilds += 1;
      },
    },
  );

/** A confirmed review waiting for staff, as the writer's link leaves it. */
async function pendingReview(email: string, rating: number, client = 'a'.repeat(64)): Promise<string> {
  const [row] = await sql.query<{ id: string }>(
    `insert into public.listing_reviews (listing_id, rating, body, stay_month, display_name, email, client_hash,
       status, confirmed_at)
     values ($1, $2, $3, '2026-06-01', 'Ann', $4, $5, 'pending', now()) returning id::text`,
    [listing.id, rating, BODY, email, client],
  );
  return row?.id ?? '';
}

it('lists confirmed reviews oldest first with their signals (links, several from one client)', async () => {
  const first = await pendingReview('one@example.com', 5);
  const second = await pendingReview('two@example.com', 1);
  const result = await run({ action: 'reviews' });
  expect(result.reviewQueue?.reviews.map((r) => r.id)).toEqual([first, second]);
  expect(result.reviewQueue?.reviews[0]?.signals).toEqual([
    'links in the text',
    '2 reviews from one client in 30 days',
  ]);
  expect(result.reviewQueue?.reviews[0]?.email).toBe('one@example.com');
});

it('publishes a review (audited, writer e-mailed, site rebuilt) and decides it only once', async () => {
  const [review] = (await run({ action: 'reviews' })).reviewQueue?.reviews ?? [];
  const result = await run({ action: 'review-publish', review: review?.id });
  expect(result.message).toMatch(/review published/);
  expect(result.rebuild).toBe('local');
  expect(rebuilds).toBe(1);
  const [audit] = await sql.query<{ action: string; actor: string; new_value: string }>(
    `select action, actor, new_value from public.staff_audit_log where field = 'review'`,
  );
  expect(audit).toEqual({ action: 'review-publish', actor: 'staff@example.org', new_value: review?.id });
  const [mail] = await sql.query<{ to_address: string; subject: string }>(
    `select to_address, subject from public.email_outbox where kind = 'review-decided'`,
  );
  expect(mail).toEqual({
    to_address: 'one@example.com',
    subject: `Your review of ${listing.property_name} is published`,
  });
  await expect(run({ action: 'review-publish', review: review?.id })).rejects.toThrow(/not waiting/);
});

it('rejects with a reason from the fixed list only; never rebuilds for a review the public never saw', async () => {
  expect(
    staffRequestSchema.safeParse({
      action: 'review-reject',
      review: crypto.randomUUID(),
      reason: 'low rating',
    }).success,
  ).toBe(false);
  const [review] = (await run({ action: 'reviews' })).reviewQueue?.reviews ?? [];
  const result = await run({ action: 'review-reject', review: review?.id, reason: 'spam' });
  expect(result.message).toMatch(/rejected \(Spam or advertising\)/);
  expect(result.rebuild).toBeUndefined();
  const [mail] = await sql.query<{ text_body: string }>(
    `select text_body from public.email_outbox where kind = 'review-decided' and to_address = 'two@example.com'`,
  );
  expect(mail?.text_body).toMatch(/Spam or advertising/);
  expect(mail?.text_body).toMatch(/never decide on a review because of its rating/);
});

it("publishes an owner's reply through the same queue", async () => {
  const [published] = await sql.query<{ id: string }>(
    `select id::text from public.listing_reviews where status = 'published'`,
  );
  await sql.query(
    `select public.review_propose_reply('olga@example.com', $1, 'Thank you for staying with us!')`,
    [published?.id],
  );
  const queue = (await run({ action: 'reviews' })).reviewQueue;
  expect(queue?.replies.map((r) => r.proposed_body)).toEqual(['Thank you for staying with us!']);
  await run({ action: 'reply-publish', review: published?.id });
  const [reply] = await sql.query<{ body: string }>('select body from public.review_replies');
  expect(reply?.body).toBe('Thank you for staying with us!');
  await expect(
    sql.query(`select public.review_propose_reply('someone@example.com', $1, 'I own it')`, [published?.id]),
  ).rejects.toThrow(/not of one of your listings/);
});

it('keeps a reported review up until staff decide; removing it rejects it with the report reason', async () => {
  const [published] = await sql.query<{ id: string }>(
    `select id::text from public.listing_reviews where status = 'published'`,
  );
  await sql.query(
    `select * from public.review_report($1, 'off_topic', 'About a different place', 'b', 5, 60)`,
    [published?.id],
  );
  const [report] = (await run({ action: 'reviews' })).reviewQueue?.reports ?? [];
  expect(report?.reason).toBe('off_topic');
  const [still] = await sql.query<{ status: string }>(
    'select status from public.listing_reviews where id = $1',
    [published?.id],
  );
  expect(still?.status).toBe('published');
  const result = await run({ action: 'review-report-remove', report: report?.id });
  expect(result.rebuild).toBe('local');
  const [after] = await sql.query<{ status: string; reject_reason: string }>(
    'select status, reject_reason from public.listing_reviews where id = $1',
    [published?.id],
  );
  expect(after).toEqual({ status: 'rejected', reject_reason: 'off_topic' });
});
