/**
 * The rows staff work with, as the store returns them and the staff function answers with them: one declaration,
 * read by the store port (src/data re-exports them), the staff actions, the CLI and the console.
 */
import type { PossibleDuplicate } from '../duplicates';
import type { Listing } from '../schemas/listing';

/** A listing as staff see it: every stored field plus the owner's private contact (D7), when there is one. */
export interface StaffListing extends Listing {
  owner_name: string | null;
  owner_email: string | null;
}

/** A listing in the queue or in search results: its age, and for a pending one the listings it may duplicate. */
export type ListedListing = StaffListing & { age_hours: number; duplicates?: PossibleDuplicate[] };

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

/** A staff member: an address that may sign in to the console. */
export interface StaffMember {
  email: string;
  added_by: string;
  added_at: string;
}

/** Where the production build stands: when a rebuild was last requested, and whether a change still waits. */
export interface RebuildState {
  lastRequestedAt: string | null;
  pending: boolean;
}

/** What asking for a rebuild did (src/server/staff/rebuild-signal.ts). */
export type RebuildOutcome = 'local' | 'hook-called' | 'hook-deferred' | 'hook-failed' | 'none';

/** A value for an editable field, already validated by the domain rules. */
export type FieldValue = string | number | boolean | string[] | number[] | null;

/**
 * A value an owner's change sets: a field's, or the photos in order (sent as ids and captions; stored resolved,
 * with each photo's sizes and placeholder).
 */
export type ChangeFieldValue = FieldValue | Array<{ id: string; caption: string | null }>;

/** A claim request: someone not on file says a listing is theirs; staff decide. */
export interface OwnerClaim {
  id: string;
  listing_id: string;
  slug: string;
  property_name: string;
  email: string;
  name: string;
  role: string;
  proof: string;
  status: 'pending' | 'approved' | 'refused';
  created_at: string;
}

/** An owner's proposal (D31): an edit (changed public fields and their new values) or a request to unpublish. */
export interface ListingChange {
  id: string;
  listing_id: string;
  slug: string;
  property_name: string;
  email: string;
  kind: 'edit' | 'unpublish';
  changes: Record<string, ChangeFieldValue>;
  note: string | null;
  status: 'pending' | 'approved' | 'refused';
  created_at: string;
}

/** A pending change with the listing's current value of every field it changes: the console's diff. */
export type ChangeWithCurrent = ListingChange & { current: Record<string, unknown> };

/** An unanswered reminder of a listing's current verification: the staff queue "Due for re-verification". */
export interface OpenRenewal {
  listing_id: string;
  slug: string;
  property_name: string;
  verified_at: string;
  owner_email: string | null;
  due_at: string;
  sent_at: string | null;
  /** Set 60 days after it fell due without an answer: staff decide. */
  escalated_at: string | null;
}

/** An open traveler report with its listing, and how many open reports that listing has. */
export interface OpenReport {
  id: string;
  listing_id: string;
  slug: string;
  property_name: string;
  reason: string;
  message: string;
  email: string | null;
  created_at: string;
  open_for_listing: number;
}
