import { createClient } from '@supabase/supabase-js';
import { LISTING_COLUMNS } from '../../domain/schemas/listing';
import { type DuplicateCandidate, duplicateArgs, duplicateRow } from '../duplicate-store';
import { noticeJson, ownerError, uuidOrNil } from '../owner-sql';
import type { ClaimOutcome, ListingChange, OwnerClaim } from '../owner-store';
import type { DueRenewal, OpenRenewal } from '../renewal-store';
import type { OpenReport } from '../report-store';
import { staffListing } from '../staff-rows';
import { staffError } from '../staff-sql';
import type { AuditEntry, SessionInfo, StaffListing, StaffMember, StaffStore } from '../staff-store';
import { normalizeTimestamp } from '../timestamps';
import { dbError, type PostgrestErrorLike, readAll } from './postgrest';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const AUDIT_COLUMNS = 'at,actor,action,listing_id,old_status,new_status,reason,field,old_value,new_value';

/** Like the SQL store: an unknown id or a broken rule is the staff's input (a 400), anything else a failure. */
const fail = (what: string, error: PostgrestErrorLike): never => staffError(dbError(what, error));

// A bigint comes back from rpc as a JSON number (or a string past 2^53); the claim travels as text.
const claimOf = (value: number | string | null) => (value === null ? null : String(value));

/** The staff store through supabase-js with the service-role key: the same SQL functions, called by rpc. */
export function supabaseStaffStore(url: string, serviceKey: string): StaffStore {
  const db = createClient(url, serviceKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const rpc = async <T>(fn: string, args: Record<string, unknown>): Promise<T> => {
    const { data, error } = await db.rpc(fn, args);
    if (error) {
      try {
        fail(fn, error);
      } catch (failure) {
        throw ownerError(failure);
      }
    }
    return data as T;
  };
  // A set of scalars comes back as an array of values; a row object is read too, should a server wrap each value.
  const ownedListingIds = async (email: string) =>
    (
      (await rpc<Array<string | Record<string, string>> | null>('owner_listing_ids', { p_email: email })) ??
      []
    )
      .map((v) => (typeof v === 'string' ? v : String(Object.values(v)[0])))
      .sort();
  const withOwners = async (rows: Array<Record<string, unknown>>): Promise<StaffListing[]> => {
    const ids = rows.map((r) => String(r.id));
    const owners = new Map<string, { owner_name: string; email: string }>();
    // Ids in chunks keep the URL short; each chunk is paged like any other read.
    for (let i = 0; i < ids.length; i += 200) {
      const chunk = await readAll('owner read', (from, to) =>
        db
          .from('listing_owner_contacts')
          .select('listing_id,owner_name,email', { count: 'exact' })
          .in('listing_id', ids.slice(i, i + 200))
          .order('listing_id')
          .range(from, to),
      ).catch(staffError);
      for (const o of chunk) owners.set(o.listing_id, o);
    }
    return rows.map((r) => {
      const o = owners.get(String(r.id));
      return staffListing({
        ...r,
        created_at: normalizeTimestamp(String(r.created_at)),
        updated_at: normalizeTimestamp(String(r.updated_at)),
        verified_at: r.verified_at ? normalizeTimestamp(String(r.verified_at)) : null,
        owner_name: o?.owner_name ?? null,
        owner_email: o?.email ?? null,
      });
    });
  };
  const select = async (pending: boolean) => {
    const rows = await readAll('listing read', (from, to) => {
      let q = db.from('glamping_listings').select(LISTING_COLUMNS.join(','), { count: 'exact' });
      if (pending) q = q.eq('verification_status', 'pending');
      return q.order('created_at').order('id').range(from, to);
    }).catch(staffError);
    return withOwners(rows as unknown as Array<Record<string, unknown>>);
  };
  return {
    async find(idOrSlug) {
      const column = UUID.test(idOrSlug) ? 'id' : 'slug';
      const { data, error } = await db
        .from('glamping_listings')
        .select(LISTING_COLUMNS.join(','))
        .eq(column, column === 'id' ? idOrSlug.toLowerCase() : idOrSlug)
        .limit(1);
      if (error || !data) fail('read', error);
      const [row] = await withOwners(data as unknown as Array<Record<string, unknown>>);
      return row ?? null;
    },
    pending: () => select(true),
    all: () => select(false),
    async confirmedSubscribers() {
      const rows = await readAll<{ email: string; confirmed_at: string }>('newsletter read', (from, to) =>
        db
          .from('newsletter_subscribers')
          .select('email,confirmed_at', { count: 'exact' })
          .eq('status', 'confirmed')
          .order('confirmed_at')
          .order('email')
          .range(from, to),
      );
      return rows.map((r) => ({ email: r.email, confirmed_at: normalizeTimestamp(r.confirmed_at) }));
    },
    async setStatus(id, status, actor, reason, email) {
      const rows = await rpc<Array<{ old_status: string; new_status: string }>>('staff_set_status', {
        p_id: id,
        p_status: status,
        p_actor: actor,
        p_reason: reason,
        p_email: email,
      });
      return rows[0] ?? fail('staff_set_status', null);
    },
    setFeatured: (id, featured, actor) =>
      rpc<boolean>('staff_set_featured', { p_id: id, p_featured: featured, p_actor: actor }),
    setPhotos: (id, photos, action, photoId, actor) =>
      rpc('staff_set_photos', {
        p_id: id,
        p_photos: photos,
        p_action: action,
        p_photo: photoId,
        p_actor: actor,
      }),
    photoUsedElsewhere: (photoId, listingId, verifiedOnly) =>
      rpc<boolean>('photo_used_elsewhere', {
        p_photo: photoId,
        p_listing: listingId,
        p_verified_only: verifiedOnly,
      }),
    edit: (id, field, value, actor) =>
      rpc<string | null>('staff_edit_listing', { p_id: id, p_field: field, p_value: value, p_actor: actor }),
    importListings: (rows, actor) => rpc<number>('staff_import_listings', { p_rows: rows, p_actor: actor }),
    duplicateCandidates: async (probe, options) =>
      (await rpc<DuplicateCandidate[]>('listing_duplicate_candidates', duplicateArgs(probe, options))).map(
        duplicateRow,
      ),
    async openReports() {
      const rows = await rpc<OpenReport[]>('reports_open', {});
      return rows.map((r) => ({ ...r, created_at: normalizeTimestamp(r.created_at) }));
    },
    resolveReport: (id, resolution, actor, email) =>
      rpc<string | null>('staff_resolve_report', {
        p_id: id,
        p_resolution: resolution,
        p_actor: actor,
        p_email: email,
      }),
    renewalsDue: (now) => rpc<DueRenewal[]>('renewals_due', { p_now: now.toISOString() }),
    startRenewal: (listingId, tokenHash, now, email) =>
      rpc<boolean>('renewal_start', {
        p_listing: listingId,
        p_token_hash: tokenHash,
        p_now: now.toISOString(),
        p_email: email,
      }),
    escalateRenewals: (now) => rpc<number>('renewals_escalate', { p_now: now.toISOString() }),
    confirmRenewal: (tokenHash) => rpc<string | null>('renewal_confirm', { p_token_hash: tokenHash }),
    async openRenewals() {
      const rows = await rpc<OpenRenewal[]>('renewals_open', {});
      const at = (t: string | null) => (t ? normalizeTimestamp(t) : null);
      return rows.map((r) => ({
        ...r,
        verified_at: normalizeTimestamp(r.verified_at),
        due_at: normalizeTimestamp(r.due_at),
        sent_at: at(r.sent_at),
        escalated_at: at(r.escalated_at),
      }));
    },
    renew: async (id, actor) =>
      normalizeTimestamp(await rpc<string>('renew_verification', { p_id: id, p_actor: actor })),
    async audit(listingId) {
      const rows = await readAll('audit read', (from, to) => {
        let q = db.from('staff_audit_log').select(AUDIT_COLUMNS, { count: 'exact' });
        if (listingId) q = q.eq('listing_id', listingId);
        return q.order('id').range(from, to);
      }).catch(staffError);
      return (rows as unknown as AuditEntry[]).map((a) => ({ ...a, at: normalizeTimestamp(a.at) }));
    },
    claimRebuild: async (windowSeconds) =>
      claimOf(await rpc<number | string | null>('staff_claim_rebuild', { p_window_seconds: windowSeconds })),
    claimPendingRebuild: async (windowSeconds) =>
      claimOf(
        await rpc<number | string | null>('staff_claim_pending_rebuild', { p_window_seconds: windowSeconds }),
      ),
    rebuildCalled: (claim) => rpc<boolean>('staff_rebuild_called', { p_change_no: claim }),
    async rebuildState() {
      const { data, error } = await db
        .from('staff_rebuild_state')
        .select('last_triggered_at,pending')
        .eq('id', 1);
      if (error || !data) fail('rebuild state read', error);
      const row = (data as Array<{ last_triggered_at: string | null; pending: boolean }>)[0];
      return {
        lastRequestedAt: row?.last_triggered_at ? normalizeTimestamp(row.last_triggered_at) : null,
        pending: row?.pending === true,
      };
    },
    rateLimit: async (bucket, limit, windowSeconds) =>
      Number(
        await rpc<number>('rate_limit_take', {
          p_bucket: bucket,
          p_limit: limit,
          p_window_seconds: windowSeconds,
        }),
      ),
    seedStaff: (emails) => rpc<number>('staff_seed_members', { p_emails: [...emails] }),
    createLink: (email, tokenHash, ttlSeconds, mail, relatedId) =>
      rpc<boolean>('auth_create_link', {
        p_email: email,
        p_token_hash: tokenHash,
        p_ttl_seconds: ttlSeconds,
        p_mail: { ...mail, related_id: relatedId },
      }),
    useLink: (tokenHash, sessionHash, sessionSeconds) =>
      rpc<string | null>('auth_use_link', {
        p_token_hash: tokenHash,
        p_session_hash: sessionHash,
        p_session_seconds: sessionSeconds,
      }),
    async session(sessionHash) {
      const rows = await rpc<Array<{ email: string; is_staff: boolean; expires_at: string }>>(
        'auth_session',
        {
          p_session_hash: sessionHash,
        },
      );
      const row = rows[0];
      return row
        ? ({
            email: row.email,
            isStaff: row.is_staff,
            expiresAt: normalizeTimestamp(row.expires_at),
            ownerOf: await ownedListingIds(row.email),
          } satisfies SessionInfo)
        : null;
    },
    endSession: async (sessionHash) =>
      (await rpc<boolean | null>('auth_end_session', { p_session_hash: sessionHash })) === true,
    async staffMembers() {
      const { data, error } = await db
        .from('staff_members')
        .select('email,added_by,added_at')
        .order('added_at')
        .order('email');
      if (error || !data) fail('staff read', error);
      return (data as StaffMember[]).map((m) => ({ ...m, added_at: normalizeTimestamp(m.added_at) }));
    },
    addStaff: (email, actor) => rpc<boolean>('staff_add_member', { p_email: email, p_actor: actor }),
    removeStaff: (email, actor) => rpc<boolean>('staff_remove_member', { p_email: email, p_actor: actor }),
    ownedListingIds,
    requestClaim: (slug, email, name, role, proof, notice) =>
      rpc<ClaimOutcome>('owner_claim_request', {
        p_slug: slug,
        p_email: email,
        p_name: name,
        p_role: role,
        p_proof: proof,
        p_mail: noticeJson(notice),
      }),
    proposeChange: (email, listingId, kind, changes, note, notice) =>
      rpc<string>('owner_propose_change', {
        p_email: email,
        p_listing: uuidOrNil(listingId),
        p_kind: kind,
        p_changes: changes,
        p_note: note,
        p_mail: noticeJson(notice),
      }),
    claims: (id) =>
      rpc<OwnerClaim[]>('staff_owner_claims', { p_id: id === undefined ? null : uuidOrNil(id) }),
    changes: (filter = {}) =>
      rpc<ListingChange[]>('staff_listing_changes', {
        p_id: filter.id === undefined ? null : uuidOrNil(filter.id),
        p_listing: filter.listingId === undefined ? null : uuidOrNil(filter.listingId),
      }),
    decideClaim: (id, approve, actor, reason, mail) =>
      rpc<string>('staff_decide_claim', {
        p_id: uuidOrNil(id),
        p_approve: approve,
        p_actor: actor,
        p_reason: reason,
        p_mail: { ...mail, related_id: uuidOrNil(id) },
      }),
    decideChange: (id, approve, actor, reason, mail) =>
      rpc<string>('staff_decide_change', {
        p_id: uuidOrNil(id),
        p_approve: approve,
        p_actor: actor,
        p_reason: reason,
        p_mail: { ...mail, related_id: uuidOrNil(id) },
      }),
    async close() {},
  };
}
