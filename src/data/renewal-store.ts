import type { OpenRenewal } from '../domain/staff/rows';
import type { OutgoingEmail } from './store';

// The row type lives in the domain (the console reads it too); re-exported for the store's callers.
export type { OpenRenewal };

/** A verified listing whose last verification is over 12 months old and that has no reminder for it yet. */
export interface DueRenewal {
  listing_id: string;
  slug: string;
  property_name: string;
  owner_name: string | null;
  owner_email: string | null;
}

/**
 * Renewal of verification, with the server's privileges. Times are the caller's clock (`now`), so tests
 * and the staff CLI can run the job as of any day; tokens are stored as hashes (the caller hashes).
 */
export interface RenewalStore {
  renewalsDue(now: Date): Promise<DueRenewal[]>;
  /** Records the reminder and queues its e-mail (none without an owner address) together; false: already done. */
  startRenewal(
    listingId: string,
    tokenHash: string,
    now: Date,
    email: OutgoingEmail | null,
  ): Promise<boolean>;
  /** Marks reminders unanswered 60 days after they fell due; how many. */
  escalateRenewals(now: Date): Promise<number>;
  /** The owner's "still accurate": renews once; the listing's slug, or null for an unknown or used token. */
  confirmRenewal(tokenHash: string): Promise<string | null>;
  openRenewals(): Promise<OpenRenewal[]>;
  /** Staff re-verify a verified listing (verified_at = now), audited; the new verified_at. */
  renew(id: string, actor: string): Promise<string>;
}
