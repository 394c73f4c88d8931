import type { ChangeFieldValue, ListingChange, OwnerClaim } from '../domain/staff/rows';
import type { OutgoingEmail } from './store';

// The row types live in the domain (the console reads them too); re-exported for the store's callers.
export type { ChangeFieldValue, ListingChange, OwnerClaim };

/** An e-mail telling staff something waits in a queue; `relatedId` lets the caller send it at once. */
export interface StaffNotice {
  mail: OutgoingEmail;
  relatedId: string;
}

/** What a claim request did: stored, one already waits for this address, or the address owns the listing already. */
export type ClaimOutcome = 'stored' | 'pending' | 'owner';

/** Approves or refuses a pending claim or change by id, queueing the e-mail in the same transaction; the listing id. */
type Decide = (
  id: string,
  approve: boolean,
  actor: string,
  reason: string | null,
  mail: OutgoingEmail,
) => Promise<string>;

/**
 * The owner side of the store port. Ownership is checked by the SQL functions themselves, so no caller can
 * skip it: a proposal for a listing the address does not own throws NotYourListing.
 */
export interface OwnerStore {
  /** The ids of the listings an address owns (its private contact e-mail, or an approved claim). */
  ownedListingIds(email: string): Promise<string[]>;
  /** Stores a claim and queues staff's notice with it (not when the address owns the listing already). */
  requestClaim(
    slug: string,
    email: string,
    name: string,
    role: string,
    proof: string,
    notice: StaffNotice | null,
  ): Promise<ClaimOutcome>;
  /** Stores a pending proposal (replacing one of the same kind still waiting) and queues staff's notice; its id. */
  proposeChange(
    email: string,
    listingId: string,
    kind: ListingChange['kind'],
    changes: Record<string, ChangeFieldValue>,
    note: string | null,
    notice: StaffNotice | null,
  ): Promise<string>;
  /** Pending claims, oldest first; or one claim by id (any status). */
  claims(id?: string): Promise<OwnerClaim[]>;
  /** Pending changes, oldest first; of one listing or one id when given (any status then). */
  changes(filter?: { id?: string; listingId?: string }): Promise<ListingChange[]>;
  /** Approves or refuses a pending claim, queueing the claimant's e-mail in the same transaction; the listing id. */
  decideClaim: Decide;
  /** Approves (applies) or refuses a pending change, queueing the owner's e-mail; the listing id. */
  decideChange: Decide;
}

/** An owner reached for a listing that is not theirs: a 403, whatever the route. */
export class NotYourListing extends Error {
  override name = 'NotYourListing';
}
