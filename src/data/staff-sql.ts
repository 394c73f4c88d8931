import type { ListingPhoto, VerificationStatus } from '../domain/schemas/listing';
import { DUPLICATE_SQL, type DuplicateCandidate, duplicateArgs, duplicateRow } from './duplicate-store';
import { sqlOwnerStore } from './owner-sql';
import { refusalMessage } from './refusal';
import { iso, type Run, runAs, type Sql } from './sql';
import { LISTING_SELECT } from './sql-store';
import { sqlAuthStore } from './staff-auth-sql';
import { sqlQueueStore, sqlRebuildStore } from './staff-queue-sql';
import { staffListing } from './staff-rows';
import {
  type AuditEntry,
  type ImportListing,
  StaffInputError,
  type StaffListing,
  type StaffStore,
  type Subscriber,
} from './staff-store';

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
  const asServer = runAs(sql, 'service_role');
  const run: Run = async (text, params) => {
    try {
      return await asServer(text, params);
    } catch (error) {
      return staffError(error);
    }
  };
  const owners = sqlOwnerStore(run);
  return {
    ...owners,
    ...sqlAuthStore(run, owners.ownedListingIds),
    ...sqlQueueStore(run),
    ...sqlRebuildStore(run),
    ...sqlListingStore(run),
    close: () => sql.close(),
  };
}

type ListingStore = Omit<
  StaffStore,
  | keyof ReturnType<typeof sqlOwnerStore>
  | keyof ReturnType<typeof sqlAuthStore>
  | keyof ReturnType<typeof sqlQueueStore>
  | keyof ReturnType<typeof sqlRebuildStore>
  | 'close'
>;

/** Listings as staff see them (with their owner contact), their moderation, the audit and the exports. */
function sqlListingStore(run: Run): ListingStore {
  const listings = async (where: string, params: unknown[] = []) =>
    (await run(withOwner(where), params)).map(staffListing);
  const one = async <T>(text: string, params: unknown[]) => (await run<T>(text, params))[0];
  return {
    find: async (idOrSlug) =>
      (await listings('where id::text = lower($1) or slug = $1', [idOrSlug]))[0] ?? null,
    pending: () => listings(`where verification_status = 'pending'`),
    all: () => listings(''),
    confirmedSubscribers: () =>
      run<Subscriber>(
        `select email, ${iso('confirmed_at')} as confirmed_at from public.newsletter_subscribers
         where status = 'confirmed' order by confirmed_at, email`,
      ),
    async setStatus(id, status: VerificationStatus, actor, reason, email) {
      const row = await one<{ old_status: string; new_status: string }>(
        'select * from public.staff_set_status($1, $2, $3, $4, $5::text::jsonb)',
        [id, status, actor, reason, email ? JSON.stringify(email) : null],
      );
      if (!row) throw new Error('staff_set_status returned no row');
      return row;
    },
    setFeatured: async (id, featured, actor) =>
      (
        await one<{ old: boolean }>('select public.staff_set_featured($1, $2, $3) as old', [
          id,
          featured,
          actor,
        ])
      )?.old === true,
    setPhotos: async (id, photos, action, photoId, actor) =>
      (
        await one<{ old: ListingPhoto[] }>(
          'select public.staff_set_photos($1, $2::text::jsonb, $3, $4, $5) as old',
          [id, JSON.stringify(photos), action, photoId, actor],
        )
      )?.old ?? [],
    photoUsedElsewhere: async (photoId, listingId, verifiedOnly) =>
      (
        await one<{ used: boolean }>('select public.photo_used_elsewhere($1, $2, $3) as used', [
          photoId,
          listingId,
          verifiedOnly,
        ])
      )?.used === true,
    edit: async (id, field, value, actor) =>
      (
        await one<{ old: string | null }>(
          'select public.staff_edit_listing($1, $2, $3::text::jsonb, $4) as old',
          [id, field, JSON.stringify(value), actor],
        )
      )?.old ?? null,
    importListings: async (rows: ImportListing[], actor) =>
      (
        await one<{ n: number }>('select public.staff_import_listings($1::text::jsonb, $2) as n', [
          JSON.stringify(rows),
          actor,
        ])
      )?.n ?? 0,
    duplicateCandidates: async (probe, options) =>
      (await run<DuplicateCandidate>(DUPLICATE_SQL, Object.values(duplicateArgs(probe, options)))).map(
        duplicateRow,
      ),
    audit: (listingId) =>
      run<AuditEntry>(
        `select ${iso('at')} as at, actor, action, listing_id::text as listing_id, old_status, new_status, reason,
           field, old_value, new_value
         from public.staff_audit_log where $1::uuid is null or listing_id = $1::uuid order by id`,
        [listingId ?? null],
      ),
  };
}

export type { StaffListing };
