import type { ImportRow } from '../domain/schemas/import';
import type { ListingPhoto, VerificationStatus } from '../domain/schemas/listing';
import type { AuditEntry, FieldValue, RebuildState, StaffListing, StaffMember } from '../domain/staff/rows';
import type { AlertCounts } from './alert-store';
import type { DuplicateReader } from './duplicate-store';
import type { OwnerStore } from './owner-store';
import type { RenewalStore } from './renewal-store';
import type { ReportStaffStore } from './report-store';
import type { OutgoingEmail } from './store';

// The row types live in the domain (the console reads them too); re-exported for the store's callers.
export type { AuditEntry, FieldValue, RebuildState, StaffListing, StaffMember };

/** A confirmed newsletter address. */
export interface Subscriber {
  email: string;
  confirmed_at: string;
}

/** The change number a build hook call acknowledges once it succeeded (a bigint, as text). */
export type RebuildClaim = string;

/** A listing ready for import: every stored column plus the owner contact. */
export type ImportListing = Omit<ImportRow, 'id' | 'created_at'> & { id: string; created_at: string | null };

/**
 * The staff side of the store port: each write is one SQL function call, so the change, its audit row
 * and the owner's e-mail commit together on every backend.
 */
export interface StaffStore extends AuthStore, OwnerStore, RenewalStore, DuplicateReader, ReportStaffStore {
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
  /** Replaces a listing's photos (one removed, or a new cover), audited as `action` on `photoId`; the old ones. */
  setPhotos(
    id: string,
    photos: ListingPhoto[],
    action: 'photo-remove' | 'photo-cover',
    photoId: string,
    actor: string,
  ): Promise<ListingPhoto[]>;
  /** True when another listing (a verified one, with `verifiedOnly`) shows this photo too. */
  photoUsedElsewhere(photoId: string, listingId: string, verifiedOnly: boolean): Promise<boolean>;
  /** Returns the previous value as text. */
  edit(id: string, field: string, value: FieldValue, actor: string): Promise<string | null>;
  /** Every listing, oldest first (created_at, id): the export's stable order. */
  all(): Promise<StaffListing[]>;
  /** Inserts or updates (by id) every row in one transaction; returns how many. */
  importListings(rows: ImportListing[], actor: string): Promise<number>;
  /** The newsletter's confirmed addresses, oldest confirmation first: the staff export. */
  confirmedSubscribers(): Promise<Subscriber[]>;
  /** Saved searches as staff may see them: counts, never an address (docs/saved-searches.md). */
  alertCounts(): Promise<AlertCounts>;
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
  rebuildState(): Promise<RebuildState>;
  close(): Promise<void>;
}

/**
 * A live signed-in session: the address it belongs to, whether that address is staff now, and the ids of
 * the listings it owns now (empty for an address that owns none).
 */
export interface SessionInfo {
  email: string;
  isStaff: boolean;
  expiresAt: string;
  ownerOf: string[];
}

/**
 * Sign-in by e-mailed link, with the server's privileges: links and sessions are kept as hashes of their
 * tokens (the caller hashes), each step one SQL function so every backend shares its atomicity.
 */
export interface AuthStore {
  /** Counts a request in `bucket`: 0 when allowed, else the seconds to wait (the request is then not counted). */
  rateLimit(bucket: string, limit: number, windowSeconds: number): Promise<number>;
  /** Adds these addresses as staff when there are none yet; returns how many were added. */
  seedStaff(emails: readonly string[]): Promise<number>;
  /**
   * Stores a link and queues its e-mail (outbox related id `relatedId`, so it can be sent at once) when the address
   * may sign in; false (nothing stored) otherwise.
   */
  createLink(
    email: string,
    tokenHash: string,
    ttlSeconds: number,
    mail: OutgoingEmail,
    relatedId: string,
  ): Promise<boolean>;
  /** Uses a link once and opens a session; the address, or null for an unknown, used or expired link. */
  useLink(tokenHash: string, sessionHash: string, sessionSeconds: number): Promise<string | null>;
  session(sessionHash: string): Promise<SessionInfo | null>;
  /** Ends a session; false when it was not live. */
  endSession(sessionHash: string): Promise<boolean>;
  staffMembers(): Promise<StaffMember[]>;
  /** False when the address was staff already. Audited. */
  addStaff(email: string, actor: string): Promise<boolean>;
  /** False when the address was not staff; refuses the last member (StaffInputError). Audited. */
  removeStaff(email: string, actor: string): Promise<boolean>;
}

/** A staff request that names something that does not exist or a value that breaks a rule: a 4xx, not a crash. */
export class StaffInputError extends Error {
  override name = 'StaffInputError';
}
