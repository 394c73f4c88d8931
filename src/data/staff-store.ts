import type { ImportRow } from '../domain/schemas/import';
import type { Listing, VerificationStatus } from '../domain/schemas/listing';
import type { OutgoingEmail } from './store';

/** A listing as staff see it: every stored field plus the owner's private contact (D7), when there is one. */
export interface StaffListing extends Listing {
  owner_name: string | null;
  owner_email: string | null;
}

/** One row of staff_audit_log. */
export interface AuditEntry {
  at: string;
  actor: string;
  action: string;
  listing_id: string | null;
  old_status: string | null;
  new_status: string | null;
  reason: string | null;
  field: string | null;
  old_value: string | null;
  new_value: string | null;
}

/** A confirmed newsletter address. */
export interface Subscriber {
  email: string;
  confirmed_at: string;
}

/** The change number a build hook call acknowledges once it succeeded (a bigint, as text). */
export type RebuildClaim = string;

/** A value for an editable field, already validated by the domain rules. */
export type FieldValue = string | number | string[] | null;

/** A listing ready for import: every stored column plus the owner contact. */
export type ImportListing = Omit<ImportRow, 'id' | 'created_at'> & { id: string; created_at: string | null };

/**
 * The staff side of the store port (issue 6): each write is one SQL function call, so the change, its audit row
 * and the owner's e-mail commit together on every backend.
 */
export interface StaffStore {
  /** A listing by id or slug, with its owner contact; null when there is none. */
  find(idOrSlug: string): Promise<StaffListing | null>;
  /** Pending listings, oldest first. */
  pending(): Promise<StaffListing[]>;
  setStatus(
    id: string,
    status: VerificationStatus,
    actor: string,
    reason: string | null,
    email: OutgoingEmail | null,
  ): Promise<{ old_status: string; new_status: string }>;
  /** Returns the previous value. */
  setFeatured(id: string, featured: boolean, actor: string): Promise<boolean>;
  /** Returns the previous value as text. */
  edit(id: string, field: string, value: FieldValue, actor: string): Promise<string | null>;
  /** Every listing, oldest first (created_at, id): the export's stable order. */
  all(): Promise<StaffListing[]>;
  /** Inserts or updates (by id) every row in one transaction; returns how many. */
  importListings(rows: ImportListing[], actor: string): Promise<number>;
  /** The newsletter's confirmed addresses (issue 16), oldest confirmation first: the staff export. */
  confirmedSubscribers(): Promise<Subscriber[]>;
  /** Audit rows, newest last; of one listing when given. */
  audit(listingId?: string): Promise<AuditEntry[]>;
  /**
   * Records a public change as pending a build; returns a claim when the production build hook may be called now
   * (at most once per window), null when the change waits for the trailing call.
   */
  claimRebuild(windowSeconds: number): Promise<RebuildClaim | null>;
  /** A claim when a change still waits for a successful hook call and the window has passed: trailing call, retry. */
  claimPendingRebuild(windowSeconds: number): Promise<RebuildClaim | null>;
  /** After the hook answered 2xx: clears the pending change unless a newer one came meanwhile. */
  rebuildCalled(claim: RebuildClaim): Promise<boolean>;
  close(): Promise<void>;
}

/** A staff request that names something that does not exist or a value that breaks a rule: a 4xx, not a crash. */
export class StaffInputError extends Error {
  override name = 'StaffInputError';
}
