import { LISTING_COLUMNS, listingSchema } from '../domain/schemas/listing';
import { DUPLICATE_SQL, type DuplicateCandidate, duplicateArgs, duplicateRow } from './duplicate-store';
import { REPORT_SQL, reportOutcome } from './report-store';
import { iso, jsonRows, type Run, runAs, type Sql } from './sql';
import type { NewsletterStatus, OutboxItem, PublicChanges, PublicReader, Removal, Store } from './store';

const TIMESTAMPS = new Set(['created_at', 'updated_at', 'verified_at']);
export const LISTING_SELECT = LISTING_COLUMNS.map((c) => (TIMESTAMPS.has(c) ? `${iso(c)} as ${c}` : c)).join(
  ', ',
);

/**
 * The store over any SQL backend (PGlite, a PostgreSQL server, Supabase's Postgres): one implementation, two
 * executors. Reads for the build run as `anon` (row level security shows verified listings only, D8); every write as
 * `service_role`.
 */
export function sqlStore(sql: Sql): Store {
  const write = runAs(sql, 'service_role');
  return {
    ...publicReader(sql),
    ...submissions(write),
    ...newsletterAndOutbox(write),
    close: () => sql.close(),
  };
}

function publicReader(sql: Sql): Omit<PublicReader, 'close'> {
  return {
    async readPublic(since): Promise<PublicChanges> {
      return sql.transaction(async (tx) => {
        // The horizon first: whatever these reads cannot see committed in a transaction at or after it.
        const [h] = await tx.query<{ horizon: string }>('select public.listing_sync_horizon() as horizon');
        // A full read is every listing (every cold build): one JSON value.
        const rows = await jsonRows<unknown>(
          tx,
          `select coalesce(json_agg(x order by x.id), '[]')::text as rows from (
             select ${LISTING_SELECT} from public.glamping_listings
             where verification_status = 'verified' and ($1::text is null or change_xid >= $1::text::xid8)) x`,
          [since],
        );
        const removed = await tx.query<Removal>(
          `select listing_id as id, slug, ${iso('removed_at')} as removed_at from public.glamping_listing_removals
           where $1::text is not null and change_xid >= $1::text::xid8 order by listing_id`,
          [since],
        );
        return { listings: rows.map((r) => listingSchema.parse(r)), removed, watermark: h?.horizon ?? null };
      }, 'anon');
    },
    async countPublic() {
      const [row] = await runAs(
        sql,
        'anon',
      )<{ n: number }>('select count(*)::int as n from public.glamping_listings');
      return row?.n ?? 0;
    },
  };
}

// The groups of writes name their methods once, in the object: `satisfies` types each method from Store, and
// sqlStore's return type checks that the groups together are the whole Store.
function submissions(run: Run) {
  return {
    async submitListing(listing, owner, emails) {
      const [row] = await run<{ listing_id: string; listing_slug: string }>(
        'select * from public.submit_listing($1::text::jsonb, $2::text::jsonb, $3::text::jsonb)',
        [JSON.stringify(listing), JSON.stringify(owner), JSON.stringify(emails)],
      );
      if (!row) throw new Error('submit_listing returned no row');
      return { id: row.listing_id, slug: row.listing_slug };
    },
    async duplicateCandidates(probe, options) {
      const rows = await run<DuplicateCandidate>(DUPLICATE_SQL, Object.values(duplicateArgs(probe, options)));
      return rows.map(duplicateRow);
    },
    async reportListing(r, bucket, limit, windowSeconds) {
      const rows = await run<{ report_id: string | null; wait: number }>(REPORT_SQL, [
        r.listing,
        r.reason,
        r.message,
        r.email,
        bucket,
        limit,
        windowSeconds,
      ]);
      return reportOutcome(rows[0]);
    },
    async storePhotoUpload(u) {
      await run('select public.store_photo_upload($1, $2, $3, $4::text::jsonb, $5)', [
        u.id,
        u.width,
        u.height,
        JSON.stringify(u.widths),
        u.placeholder,
      ]);
    },
    expirePhotoUploads: () =>
      run<{ id: string; widths: number[] }>('select * from public.expire_photo_uploads()'),
    async saveContactMessage(message, emails) {
      const [row] = await run<{ id: string }>(
        'select public.save_contact_message($1::text::jsonb, $2::text::jsonb) as id',
        [JSON.stringify(message), JSON.stringify(emails)],
      );
      if (!row) throw new Error('save_contact_message returned no row');
      return row.id;
    },
  } satisfies Partial<Store>;
}

function newsletterAndOutbox(run: Run) {
  return {
    async subscribeNewsletter(email, tokens, emails) {
      const [row] = await run<{ id: string | null }>(
        'select public.newsletter_subscribe($1, $2::uuid, $3::uuid, $4::text::jsonb) as id',
        [email, tokens.confirm, tokens.unsubscribe, JSON.stringify(emails)],
      );
      return row?.id ?? null;
    },
    async confirmNewsletter(token) {
      const [row] = await run<{ status: NewsletterStatus | null }>(
        'select public.newsletter_confirm($1::uuid) as status',
        [token],
      );
      return row?.status ?? null;
    },
    async unsubscribeNewsletter(token) {
      const [row] = await run<{ done: boolean }>('select public.newsletter_unsubscribe($1::uuid) as done', [
        token,
      ]);
      return row?.done === true;
    },
    dueEmails: (limit, now = new Date(), relatedId) =>
      run<OutboxItem>(
        `select id, kind, to_address, subject, text_body, html_body, headers, attempts, related_id
         from public.email_outbox where sent_at is null and next_attempt_at <= $1::text::timestamptz
           and ($3::text is null or related_id = $3::text::uuid)
         order by created_at, id limit $2`,
        [now.toISOString(), limit, relatedId ?? null],
      ),
    async markEmailSent(id) {
      await run('select public.outbox_mark_sent($1)', [id]);
    },
    async markEmailFailed(id, error, nextAttemptAt) {
      await run('select public.outbox_mark_failed($1, $2, $3::text::timestamptz)', [
        id,
        error,
        nextAttemptAt.toISOString(),
      ]);
    },
  } satisfies Partial<Store>;
}
