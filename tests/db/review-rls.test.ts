/** Reviews under row level security, per role: the public reads published reviews of verified listings, never an address. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertListings } from '../../scripts/lib/seed';
import type { DbRole, Sql } from '../../src/data/sql';
import { backends, describeEachBackend } from './backends';
import { listingRow } from './fixtures';

const list = await backends();
const BODY = 'The tent was warm, the stars were bright and the owner left us firewood for the night.';

describeEachBackend(list, 'reviews under row level security on $name', (backend) => {
  let sql: Sql;
  let dispose: () => Promise<void>;
  const verified = listingRow();
  const pending = listingRow({ verification_status: 'pending' });
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ({ sql, dispose } = await backend.create());
    await insertListings(sql, [verified, pending]);
    for (const [key, listingId, status] of [
      ['published', verified.id, 'published'],
      ['pendingReview', verified.id, 'pending'],
      ['unconfirmed', verified.id, 'unconfirmed'],
      ['rejected', verified.id, 'rejected'],
      ['withdrawn', verified.id, 'withdrawn'],
      ['ofHiddenListing', pending.id, 'published'],
    ] as const) {
      const [row] = await sql.query<{ id: string }>(
        `insert into public.listing_reviews (listing_id, rating, body, stay_month, display_name, email, client_hash,
           status, published_at, reject_reason)
         values ($1, 4, $2, '2026-01-01', 'Ann', $3, $4, $5, case when $5 = 'published' then now() end,
           case when $5 = 'rejected' then 'spam' end)
         returning id::text`,
        [listingId, BODY, `${key.toLowerCase()}@example.com`, 'c'.repeat(64), status],
      );
      ids[key] = row?.id ?? '';
    }
    await sql.query(
      `insert into public.review_replies (review_id, owner_email, body, published_at, proposed_body, proposed_at)
       values ($1, 'owner@example.com', 'Thanks!', now(), 'Thanks again!', now())`,
      [ids.published],
    );
    await sql.query(
      `insert into public.review_replies (review_id, owner_email, proposed_body, proposed_at)
       values ($1, 'owner@example.com', 'Not yet decided', now())`,
      [ids.pendingReview],
    );
    await sql.query(`insert into public.review_reports (review_id, reason) values ($1, 'spam')`, [
      ids.published,
    ]);
  });
  afterAll(() => dispose?.());

  const as = <T>(role: DbRole, text: string, params: unknown[] = []) =>
    sql.transaction((tx) => tx.query<T>(text, params), role);

  for (const role of ['anon', 'authenticated'] as const) {
    it(`${role} reads published reviews of verified listings only`, async () => {
      const rows = await as<{ id: string }>(role, 'select id::text from public.listing_reviews');
      expect(rows.map((r) => r.id)).toEqual([ids.published]);
    });

    it(`${role} never reads a reviewer's address, client or the moderation`, async () => {
      for (const column of ['email', 'client_hash', 'status', 'decided_by', 'reject_reason']) {
        await expect(as(role, `select ${column} from public.listing_reviews`)).rejects.toThrow(
          /permission denied/,
        );
      }
      await expect(as(role, 'select * from public.listing_reviews')).rejects.toThrow(/permission denied/);
    });

    it(`${role} reads published replies only, never what waits for staff nor the owner's address`, async () => {
      const rows = await as<{ body: string }>(role, 'select body from public.review_replies');
      expect(rows).toEqual([{ body: 'Thanks!' }]);
      for (const column of ['proposed_body', 'owner_email'])
        await expect(as(role, `select ${column} from public.review_replies`)).rejects.toThrow(
          /permission denied/,
        );
    });

    it(`${role} cannot read links or reports, nor write anything, nor call the review functions`, async () => {
      for (const table of ['review_links', 'review_reports'])
        await expect(as(role, `select * from public.${table}`)).rejects.toThrow(/permission denied/);
      await expect(
        as(role, `update public.listing_reviews set rating = 1 where id = $1`, [ids.published]),
      ).rejects.toThrow(/permission denied/);
      await expect(
        as(role, `insert into public.review_replies (review_id, owner_email) values ($1, 'x@y.z')`, [
          ids.published,
        ]),
      ).rejects.toThrow(/permission denied/);
      await expect(as(role, 'delete from public.listing_reviews')).rejects.toThrow(/permission denied/);
      await expect(
        as(role, `select public.staff_decide_review($1, true, null, 'me', '{}'::jsonb)`, [ids.pendingReview]),
      ).rejects.toThrow(/permission denied/);
      await expect(as(role, `select * from public.review_by_link(repeat('a', 64))`)).rejects.toThrow(
        /permission denied/,
      );
    });
  }

  it('service_role (staff, functions) reads addresses and every status', async () => {
    const rows = await as<{ email: string }>('service_role', 'select email from public.listing_reviews');
    expect(rows).toHaveLength(6);
    expect(rows.map((r) => r.email)).toContain('published@example.com');
  });

  it('refuses a review outside the rules in the table itself', async () => {
    const bad = [
      `rating = 0`,
      `rating = 6`,
      `body = 'short'`,
      `stay_month = '2026-01-15'`,
      `travelled_with = 'aliens'`,
      `status = 'rejected'`,
    ];
    for (const set of bad)
      await expect(
        sql.query(`update public.listing_reviews set ${set} where id = $1`, [ids.pendingReview]),
      ).rejects.toThrow(/violates check constraint/);
  });
});
