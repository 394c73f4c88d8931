import type { ListingPhoto, VerificationStatus } from '../domain/schemas/listing';
import { DUPLICATE_SQL, type DuplicateCandidate, duplicateArgs, duplicateRow } from './duplicate-store';
import { sqlOwnerStore } from './owner-sql';
import { refusalMessage } from './refusal';
import type { DueRenewal, OpenRenewal } from './renewal-store';
import type { OpenReport } from './report-store';
import type { Sql } from './sql';
import { LISTING_SELECT } from './sql-store';
import { staffListing } from './staff-rows';
import {
  type AuditEntry,
  type ImportListing,
  type RebuildState,
  type SessionInfo,
  StaffInputError,
  type StaffListing,
  type StaffMember,
  type StaffStore,
  type Subscriber,
} from './staff-store';

const ISO = (c: string) => `to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const withOwner = (where: string, order = 'x.created_at, x.id') =>
  `select x.*, c.owner_name, c.email as owner_email
   from (select ${LISTING_SELECT} from public.glamping_listings ${where}) x
   left join public.listing_owner_contacts c on c.listing_id = x.id::uuid
   order by ${order}`;

/** Database refusals caused by staff input (unknown id, taken slug, a check) become one clear line. */
export function staffError(error: unknown): never {
  const refused = refusalMessage(error);
  if (refused) throw new StaffInputError(refused);
  throw error;
}

/** The staff store over any SQL backend (PGlite, a PostgreSQL server), with the server's role. */
export function sqlStaffStore(sql: Sql): StaffStore {
  const run = async <T>(text: string, params: unknown[] = []): Promise<T[]> => {
    try {
      return await sql.transaction((tx) => tx.query<T>(text, params), 'service_role');
    } catch (error) {
      return staffError(error);
    }
  };
  const listings = async (where: string, params: unknown[] = []) =>
    (await run<Record<string, unknown>>(withOwner(where), params)).map(staffListing);
  const owners = sqlOwnerStore(run);
  return {
    ...owners,
    async find(idOrSlug) {
      const [row] = await listings('where id::text = lower($1) or slug = $1', [idOrSlug]);
      return row ?? null;
    },
    pending: () => listings(`where verification_status = 'pending'`),
    all: () => listings(''),
    confirmedSubscribers: () =>
      run<Subscriber>(
        `select email, ${ISO('confirmed_at')} as confirmed_at from public.newsletter_subscribers
         where status = 'confirmed' order by confirmed_at, email`,
      ),
    async setStatus(id, status: VerificationStatus, actor, reason, email) {
      const [row] = await run<{ old_status: string; new_status: string }>(
        'select * from public.staff_set_status($1, $2, $3, $4, $5::text::jsonb)',
        [id, status, actor, reason, email ? JSON.stringify(email) : null],
      );
      if (!row) throw new Error('staff_set_status returned no row');
      return row;
    },
    async setFeatured(id, featured, actor) {
      const [row] = await run<{ old: boolean }>('select public.staff_set_featured($1, $2, $3) as old', [
        id,
        featured,
        actor,
      ]);
      return row?.old === true;
    },
    async setPhotos(id, photos, action, photoId, actor) {
      const [row] = await run<{ old: ListingPhoto[] }>(
        'select public.staff_set_photos($1, $2::text::jsonb, $3, $4, $5) as old',
        [id, JSON.stringify(photos), action, photoId, actor],
      );
      return row?.old ?? [];
    },
    async photoUsedElsewhere(photoId, listingId, verifiedOnly) {
      const [row] = await run<{ used: boolean }>('select public.photo_used_elsewhere($1, $2, $3) as used', [
        photoId,
        listingId,
        verifiedOnly,
      ]);
      return row?.used === true;
    },
    async edit(id, field, value, actor) {
      const [row] = await run<{ old: string | null }>(
        'select public.staff_edit_listing($1, $2, $3::text::jsonb, $4) as old',
        [id, field, JSON.stringify(value), actor],
      );
      return row?.old ?? null;
    },
    async importListings(rows: ImportListing[], actor) {
      const [row] = await run<{ n: number }>(
        'select public.staff_import_listings($1::text::jsonb, $2) as n',
        [JSON.stringify(rows), actor],
      );
      return row?.n ?? 0;
    },
    async duplicateCandidates(probe, options) {
      const rows = await run<DuplicateCandidate>(DUPLICATE_SQL, Object.values(duplicateArgs(probe, options)));
      return rows.map(duplicateRow);
    },
    openReports: () =>
      run<OpenReport>(
        `select id::text as id, listing_id::text as listing_id, slug, property_name, reason, message, email,
           ${ISO('created_at')} as created_at, open_for_listing from public.reports_open()`,
      ),
    async resolveReport(id, resolution, actor, email) {
      const [row] = await run<{ email: string | null }>(
        'select public.staff_resolve_report($1, $2, $3, $4::text::jsonb) as email',
        [id, resolution, actor, email ? JSON.stringify(email) : null],
      );
      return row?.email ?? null;
    },
    renewalsDue: (now) =>
      run<DueRenewal>(
        `select listing_id::text as listing_id, slug, property_name, owner_name, owner_email
         from public.renewals_due($1::timestamptz)`,
        [now.toISOString()],
      ),
    async startRenewal(listingId, tokenHash, now, email) {
      const [row] = await run<{ started: boolean }>(
        'select public.renewal_start($1, $2, $3::timestamptz, $4::text::jsonb) as started',
        [listingId, tokenHash, now.toISOString(), email ? JSON.stringify(email) : null],
      );
      return row?.started === true;
    },
    async escalateRenewals(now) {
      const [row] = await run<{ n: number }>('select public.renewals_escalate($1::timestamptz) as n', [
        now.toISOString(),
      ]);
      return Number(row?.n ?? 0);
    },
    async confirmRenewal(tokenHash) {
      const [row] = await run<{ slug: string | null }>('select public.renewal_confirm($1) as slug', [
        tokenHash,
      ]);
      return row?.slug ?? null;
    },
    openRenewals: () =>
      run<OpenRenewal>(
        `select listing_id::text as listing_id, slug, property_name, ${ISO('verified_at')} as verified_at,
           owner_email, ${ISO('due_at')} as due_at, ${ISO('sent_at')} as sent_at,
           ${ISO('escalated_at')} as escalated_at
         from public.renewals_open()`,
      ),
    async renew(id, actor) {
      const [row] = await run<{ at: string }>(`select ${ISO('public.renew_verification($1, $2)')} as at`, [
        id,
        actor,
      ]);
      return row?.at ?? '';
    },
    audit: (listingId) =>
      run<AuditEntry>(
        `select ${ISO('at')} as at, actor, action, listing_id::text as listing_id, old_status, new_status, reason,
           field, old_value, new_value
         from public.staff_audit_log where $1::uuid is null or listing_id = $1::uuid order by id`,
        [listingId ?? null],
      ),
    async claimRebuild(windowSeconds) {
      const [row] = await run<{ claim: string | null }>(
        'select public.staff_claim_rebuild($1)::text as claim',
        [windowSeconds],
      );
      return row?.claim ?? null;
    },
    async claimPendingRebuild(windowSeconds) {
      const [row] = await run<{ claim: string | null }>(
        'select public.staff_claim_pending_rebuild($1)::text as claim',
        [windowSeconds],
      );
      return row?.claim ?? null;
    },
    async rebuildCalled(claim) {
      const [row] = await run<{ ok: boolean }>('select public.staff_rebuild_called($1::text::bigint) as ok', [
        claim,
      ]);
      return row?.ok === true;
    },
    async rebuildState() {
      const [row] = await run<RebuildState>(
        `select case when last_triggered_at is null then null else ${ISO('last_triggered_at')} end
           as "lastRequestedAt", pending
         from public.staff_rebuild_state where id = 1`,
      );
      return row ?? { lastRequestedAt: null, pending: false };
    },
    async rateLimit(bucket, limit, windowSeconds) {
      const [row] = await run<{ wait: number }>('select public.rate_limit_take($1, $2, $3) as wait', [
        bucket,
        limit,
        windowSeconds,
      ]);
      return Number(row?.wait ?? 0);
    },
    async seedStaff(emails) {
      const [row] = await run<{ n: number }>('select public.staff_seed_members($1::text::jsonb) as n', [
        JSON.stringify(emails),
      ]);
      return row?.n ?? 0;
    },
    async createLink(email, tokenHash, ttlSeconds, mail, relatedId) {
      const [row] = await run<{ ok: boolean }>(
        'select public.auth_create_link($1, $2, $3, $4::text::jsonb) as ok',
        [email, tokenHash, ttlSeconds, JSON.stringify({ ...mail, related_id: relatedId })],
      );
      return row?.ok === true;
    },
    async useLink(tokenHash, sessionHash, sessionSeconds) {
      const [row] = await run<{ email: string | null }>('select public.auth_use_link($1, $2, $3) as email', [
        tokenHash,
        sessionHash,
        sessionSeconds,
      ]);
      return row?.email ?? null;
    },
    async session(sessionHash) {
      const [row] = await run<Omit<SessionInfo, 'ownerOf'>>(
        `select email, is_staff as "isStaff", ${ISO('expires_at')} as "expiresAt"
         from public.auth_session($1)`,
        [sessionHash],
      );
      return row ? { ...row, ownerOf: await owners.ownedListingIds(row.email) } : null;
    },
    async endSession(sessionHash) {
      const [row] = await run<{ ok: boolean | null }>('select public.auth_end_session($1) as ok', [
        sessionHash,
      ]);
      return row?.ok === true;
    },
    staffMembers: () =>
      run<StaffMember>(
        `select email, added_by, ${ISO('added_at')} as added_at from public.staff_members order by added_at, email`,
      ),
    async addStaff(email, actor) {
      const [row] = await run<{ ok: boolean }>('select public.staff_add_member($1, $2) as ok', [
        email,
        actor,
      ]);
      return row?.ok === true;
    },
    async removeStaff(email, actor) {
      const [row] = await run<{ ok: boolean }>('select public.staff_remove_member($1, $2) as ok', [
        email,
        actor,
      ]);
      return row?.ok === true;
    },
    close: () => sql.close(),
  };
}

export type { StaffListing };
