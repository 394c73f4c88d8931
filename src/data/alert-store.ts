import type { Listing } from '../domain/schemas/listing';
import type { AlertFrequency } from '../domain/schemas/saved-search';
import type { OutgoingEmail } from './store';

/** The three links of an alert: confirm (once), unsubscribe (every message) and manage (every alert of the address). */
export interface AlertTokens {
  confirm: string;
  unsubscribe: string;
  manage: string;
}

export type AlertStatus = 'pending' | 'active' | 'paused';

/** A new saved search: the browse view's query string, its words, and the place it measures from (if any). */
export interface NewAlert {
  email: string;
  query: string;
  label: string;
  origin: { latitude: number; longitude: number } | null;
  frequency: AlertFrequency;
}

/** An alert as its address's manage page shows it. */
export interface AlertSummary {
  id: string;
  email: string;
  query: string;
  label: string;
  frequency: AlertFrequency;
  status: AlertStatus;
  created_at: string;
}

/** An active alert, as the check after a publish reads it. */
export interface ActiveAlert {
  id: string;
  email: string;
  query: string;
  label: string;
  origin: { latitude: number; longitude: number } | null;
  frequency: AlertFrequency;
  unsubscribe_token: string;
  manage_token: string;
}

/** What staff may know of saved searches: counts, never an address (D8). */
export interface AlertCounts {
  addresses: number;
  pending: number;
  active: number;
  paused: number;
  queued: number;
}

/**
 * One alert check, inside one transaction (docs/saved-searches.md): everything it records and queues commits
 * together or not at all, and `record` skips what an alert was given before (the unique (alert, listing) key).
 */
export interface AlertCheck {
  /** The listings asked for that are still queued and public, locked by this check. */
  readonly listings: readonly Listing[];
  readonly alerts: readonly ActiveAlert[];
  /** Records matches; returns the listing ids new to this alert (an empty list when it had them all). */
  record(alertId: string, listingIds: readonly string[], sent: boolean): Promise<string[]>;
  /** Queues an e-mail in the same transaction, related to `relatedId` (delivered right after commit). */
  enqueue(mail: OutgoingEmail, relatedId: string): Promise<void>;
}

/** A weekly digest run, inside one transaction: the alerts due, each with its listings not sent yet. */
export interface DigestRun {
  readonly due: ReadonlyArray<{ alert: ActiveAlert; listings: Listing[] }>;
  /** Marks the alert's waiting matches sent and the digest done. */
  markSent(alertId: string): Promise<void>;
  enqueue(mail: OutgoingEmail, relatedId: string): Promise<void>;
}

/** The saved-search side of the store port, with the server's role. */
export interface AlertStore {
  /** A pending alert and its confirmation e-mail; the id the e-mail is related to, or null when none was queued. */
  createAlert(alert: NewAlert, tokens: AlertTokens, emails: OutgoingEmail[]): Promise<string | null>;
  confirmAlert(token: string): Promise<AlertStatus | null>;
  /** Deletes the alert of an unsubscribe token; false when unknown. */
  unsubscribeAlert(token: string): Promise<boolean>;
  /** The alerts of a manage token's address (none for an unknown token). */
  listAlerts(manageToken: string): Promise<AlertSummary[]>;
  manageAlert(manageToken: string, id: string, action: 'pause' | 'resume' | 'delete'): Promise<boolean>;
  /** Listings made public (verified) and waiting for the alert check, oldest first, at most `limit`. */
  queuedListings(limit: number): Promise<Array<{ id: string; slug: string }>>;
  /**
   * Runs `fn` over those of `listingIds` still queued and public, then drops them (and queued listings no longer
   * public) from the queue; one transaction.
   */
  checkAlerts<T>(listingIds: readonly string[], fn: (check: AlertCheck) => Promise<T>): Promise<T>;
  /** Runs `fn` over the weekly alerts whose last digest (or confirmation) is older than `dueBefore`; one transaction. */
  digestAlerts<T>(dueBefore: Date, fn: (run: DigestRun) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
