import type { ClaimOutcome, ListingChange, OwnerClaim, OwnerStore, StaffNotice } from './owner-store';
import { NotYourListing } from './owner-store';
import type { Run } from './sql';

/** PostgreSQL's insufficient_privilege: an owner function refused someone else's listing. */
export function ownerError(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '42501' ? new NotYourListing((error as Error).message) : error;
}

/** A notice as the SQL functions take it (the outbox row's fields), or null. */
export const noticeJson = (notice: StaffNotice | null) =>
  notice ? { ...notice.mail, related_id: notice.relatedId } : null;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An id that is not a uuid names nothing: the database is asked for the nil uuid, which no row has. */
export const uuidOrNil = (id: string) =>
  UUID.test(id) ? id.toLowerCase() : '00000000-0000-0000-0000-000000000000';

/** The owner part of the SQL store; `run` is the staff store's (service role, refusals made clear). */
export function sqlOwnerStore(run: Run): OwnerStore {
  const call = async <T>(text: string, params: unknown[]): Promise<T[]> => {
    try {
      return await run<T>(text, params);
    } catch (error) {
      throw ownerError(error);
    }
  };
  return {
    async ownedListingIds(email) {
      const rows = await call<{ id: string }>(
        'select x::text as id from public.owner_listing_ids($1) x order by 1',
        [email],
      );
      return rows.map((r) => r.id);
    },
    async requestClaim(slug, email, name, role, proof, notice) {
      const [row] = await call<{ outcome: ClaimOutcome }>(
        'select public.owner_claim_request($1, $2, $3, $4, $5, $6::text::jsonb) as outcome',
        [slug, email, name, role, proof, notice ? JSON.stringify(noticeJson(notice)) : null],
      );
      return row?.outcome ?? 'stored';
    },
    async proposeChange(email, listingId, kind, changes, note, notice) {
      const [row] = await call<{ id: string }>(
        'select public.owner_propose_change($1, $2::uuid, $3, $4::text::jsonb, $5, $6::text::jsonb)::text as id',
        [
          email,
          uuidOrNil(listingId),
          kind,
          JSON.stringify(changes),
          note,
          notice ? JSON.stringify(noticeJson(notice)) : null,
        ],
      );
      return row?.id ?? '';
    },
    claims: (id) =>
      call<OwnerClaim>('select * from public.staff_owner_claims($1::uuid)', [
        id === undefined ? null : uuidOrNil(id),
      ]),
    changes: (filter = {}) =>
      call<ListingChange>('select * from public.staff_listing_changes($1::uuid, $2::uuid)', [
        filter.id === undefined ? null : uuidOrNil(filter.id),
        filter.listingId === undefined ? null : uuidOrNil(filter.listingId),
      ]),
    async decideClaim(id, approve, actor, reason, mail) {
      const [row] = await call<{ id: string }>(
        'select public.staff_decide_claim($1::uuid, $2, $3, $4, $5::text::jsonb)::text as id',
        [uuidOrNil(id), approve, actor, reason, JSON.stringify({ ...mail, related_id: uuidOrNil(id) })],
      );
      return row?.id ?? '';
    },
    async decideChange(id, approve, actor, reason, mail) {
      const [row] = await call<{ id: string }>(
        'select public.staff_decide_change($1::uuid, $2, $3, $4, $5::text::jsonb)::text as id',
        [uuidOrNil(id), approve, actor, reason, JSON.stringify({ ...mail, related_id: uuidOrNil(id) })],
      );
      return row?.id ?? '';
    },
  };
}
