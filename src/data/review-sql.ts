/** The reviews' store over any SQL backend (PGlite, a PostgreSQL server), with the server's role. */

import { ownerError, uuidOrNil } from './owner-sql';
import type {
  LinkedReview,
  OpenReviewReport,
  PendingReply,
  PendingReview,
  PublishedReview,
  ReviewRefusal,
  ReviewStore,
} from './review-store';
import type { Sql } from './sql';
import { staffError } from './staff-sql';

const ISO = (c: string) => `to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
/** A review's own columns, the stay month as 'YYYY-MM-01'. */
export const REVIEW_COLUMNS = `r.rating::int as rating, r.title, r.body, to_char(r.stay_month, 'YYYY-MM-DD') as
  stay_month, r.travelled_with, r.display_name`;

const QUEUE_SQL = `select r.id::text as id, r.listing_id::text as listing_id, l.slug, l.property_name, r.email,
    ${REVIEW_COLUMNS}, ${ISO('r.confirmed_at')} as confirmed_at, r.status,
    (select count(*)::int from public.listing_reviews o where o.client_hash = r.client_hash
       and o.created_at > r.created_at - interval '30 days' and o.created_at <= r.created_at + interval '30 days')
       as from_client
  from public.listing_reviews r join public.glamping_listings l on l.id = r.listing_id`;

const REPLY_QUEUE_SQL = `select p.review_id::text as review_id, l.slug, l.property_name, p.owner_email,
    p.proposed_body, p.body as published_body, r.body as review_body, ${ISO('p.proposed_at')} as proposed_at
  from public.review_replies p join public.listing_reviews r on r.id = p.review_id
  join public.glamping_listings l on l.id = r.listing_id
  where p.proposed_body is not null order by p.proposed_at, p.review_id`;

const REPORTS_SQL = `select k.id::text as id, r.id::text as review_id, l.slug, l.property_name, k.reason, k.message,
    r.body as review_body, r.rating::int as rating, ${ISO('k.created_at')} as created_at,
    (count(*) over (partition by k.review_id))::int as open_for_review
  from public.review_reports k join public.listing_reviews r on r.id = k.review_id
  join public.glamping_listings l on l.id = r.listing_id
  where k.resolved_at is null order by open_for_review desc, k.created_at, k.id`;

const OWNER_SQL = `select r.id::text as id, r.listing_id::text as listing_id, l.slug, ${REVIEW_COLUMNS},
    ${ISO('r.published_at')} as published_at, p.body as reply, p.proposed_body as proposed_reply
  from public.listing_reviews r join public.glamping_listings l on l.id = r.listing_id
  left join public.review_replies p on p.review_id = r.id
  where r.status = 'published' and r.listing_id in (select public.owner_listing_ids($1))
  order by r.published_at desc, r.id`;

type Run = <T>(text: string, params?: unknown[]) => Promise<T[]>;
type One = <T>(text: string, params?: unknown[]) => Promise<T | undefined>;

/** What travelers and owners do: write, links, reports, replies. */
function writerSide(run: Run, one: One) {
  return {
    async rateLimit(bucket, limit, windowSeconds) {
      const row = await one<{ wait: number }>('select public.rate_limit_take($1, $2, $3) as wait', [
        bucket,
        limit,
        windowSeconds,
      ]);
      return row?.wait ?? 0;
    },
    async listing(slug) {
      const row = await one<{ id: string; property_name: string }>(
        `select id::text as id, property_name from public.glamping_listings
         where slug = $1 and verification_status = 'verified'`,
        [slug],
      );
      return row ?? null;
    },
    async write(slug, review, tokenHash, ttlSeconds, mail, refusals) {
      const row = await one<{ id: string | null; refusal: ReviewRefusal | null; mail_id: string | null }>(
        `select review_id::text as id, refusal, mail_id::text as mail_id
         from public.review_write($1, $2::text::jsonb, $3, $4, $5::text::jsonb, $6::text::jsonb)`,
        [slug, JSON.stringify(review), tokenHash, ttlSeconds, JSON.stringify(mail), JSON.stringify(refusals)],
      );
      return row?.id ? { id: row.id } : { refusal: row?.refusal ?? 'unknown', mailId: row?.mail_id ?? null };
    },
    async newLink(email, slug, tokenHash, ttlSeconds, mail) {
      const row = await one<{ id: string; purpose: 'confirm' | 'manage' }>(
        'select review_id::text as id, purpose from public.review_new_link($1, $2, $3, $4, $5::text::jsonb)',
        [email, slug, tokenHash, ttlSeconds, JSON.stringify(mail)],
      );
      return row ?? null;
    },
    async byLink(tokenHash) {
      const row = await one<LinkedReview>(
        `select r.id::text as id, r.slug, r.property_name, r.purpose, r.status, ${REVIEW_COLUMNS}
         from public.review_by_link($1) r`,
        [tokenHash],
      );
      return row ?? null;
    },
    async spendLink(tokenHash, use) {
      const row = await one<{ listing_id: string; was_published: boolean }>(
        'select listing_id::text as listing_id, was_published from public.review_use_link($1, $2, $3::text::jsonb)',
        [tokenHash, use.use, use.use === 'edit' ? JSON.stringify(use.review) : null],
      );
      return row ? { listingId: row.listing_id, wasPublished: row.was_published } : null;
    },
    async report(reviewId, reason, message, bucket, limit, windowSeconds) {
      const row = await one<{ id: string | null; wait: number }>(
        'select report_id::text as id, wait from public.review_report($1, $2, $3, $4, $5, $6)',
        [uuidOrNil(reviewId), reason, message, bucket, limit, windowSeconds],
      );
      if (row?.id) return { id: row.id };
      if (!row || row.wait < 0) return { notPublished: true as const };
      return { waitSeconds: row.wait };
    },
    // A review of someone else's listing: the SQL function refuses it (42501), `run` makes it NotYourListing.
    async proposeReply(email, reviewId, body) {
      const row = await one<{ ok: boolean }>('select public.review_propose_reply($1, $2, $3) as ok', [
        email,
        uuidOrNil(reviewId),
        body,
      ]);
      return row?.ok === true;
    },
    ownerReviews: (email) =>
      run<PublishedReview & { slug: string; proposed_reply: string | null }>(OWNER_SQL, [email]),
  } satisfies Partial<ReviewStore>;
}

/** What staff do: the queue and its decisions. */
function staffSide(run: Run, one: One) {
  return {
    queue: () => run<PendingReview>(`${QUEUE_SQL} where r.status = 'pending' order by r.confirmed_at, r.id`),
    async find(id) {
      const row = await one<PendingReview & { status: string }>(`${QUEUE_SQL} where r.id = $1`, [
        uuidOrNil(id),
      ]);
      return row ?? null;
    },
    async decide(id, publish, reason, actor, mail) {
      const row = await one<{ id: string | null }>(
        'select public.staff_decide_review($1, $2, $3, $4, $5::text::jsonb)::text as id',
        [uuidOrNil(id), publish, reason, actor, JSON.stringify(mail)],
      );
      return row?.id ?? null;
    },
    replyQueue: () => run<PendingReply>(REPLY_QUEUE_SQL),
    async decideReply(reviewId, publish, reason, actor, mail) {
      const row = await one<{ id: string | null }>(
        'select public.staff_decide_reply($1, $2, $3, $4, $5::text::jsonb)::text as id',
        [uuidOrNil(reviewId), publish, reason, actor, JSON.stringify(mail)],
      );
      return row?.id ?? null;
    },
    openReports: () => run<OpenReviewReport>(REPORTS_SQL),
    async resolveReport(id, remove, actor, mail) {
      const row = await one<{ resolved: boolean; removed_from: string | null }>(
        `select resolved, removed_from::text as removed_from
         from public.staff_resolve_review_report($1, $2, $3, $4::text::jsonb)`,
        [uuidOrNil(id), remove, actor, JSON.stringify(mail)],
      );
      return { resolved: row?.resolved === true, removedFrom: row?.removed_from ?? null };
    },
  } satisfies Partial<ReviewStore>;
}

export function sqlReviewStore(sql: Sql): ReviewStore {
  const run = async <T>(text: string, params: unknown[] = []): Promise<T[]> => {
    try {
      return await sql.transaction((tx) => tx.query<T>(text, params), 'service_role');
    } catch (error) {
      return staffError(ownerError(error));
    }
  };
  const one = async <T>(text: string, params: unknown[] = []) => (await run<T>(text, params))[0];
  return { ...writerSide(run, one), ...staffSide(run, one), close: () => sql.close() };
}
