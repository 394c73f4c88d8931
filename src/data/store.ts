import type { ContactMessage } from '../domain/schemas/contact';
import type { Listing, NewListing } from '../domain/schemas/listing';
import type { DuplicateReader } from './duplicate-store';
import type { ReportWriter } from './report-store';

export type { NewListing };

/** A listing that left the public set after the reader's watermark (D5). */
export interface Removal {
  id: string;
  slug: string;
  removed_at: string;
}

/** What changed publicly since a watermark: verified rows to upsert and ids to drop. */
export interface PublicChanges {
  listings: Listing[];
  removed: Removal[];
  /**
   * Pass back as `since` next time: the sync horizon taken before reading (a transaction id, as text; see
   * supabase/migrations/20261123000100_listing_sync_horizon.sql). Opaque to callers.
   */
  watermark: string | null;
}

/** The read side the site build uses, with the public's privileges only (D8). */
export interface PublicReader {
  /** Verified listings changed at or after the horizon `since` (all of them when null), and removals since. */
  readPublic(since: string | null): Promise<PublicChanges>;
  /** How many listings are public now (reads no rows): lets a sync notice a snapshot from another database. */
  countPublic(): Promise<number>;
  close(): Promise<void>;
}

export interface OwnerContact {
  owner_name: string;
  email: string;
}

/** An e-mail written to the outbox in the same transaction as what caused it (D24). */
export interface OutgoingEmail {
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** Extra message headers (the newsletter's List-Unsubscribe). */
  headers?: Record<string, string> | null;
}

/** The newsletter's tokens of one sign-up: the confirmation link's and the unsubscribe link's. */
export interface NewsletterTokens {
  confirm: string;
  unsubscribe: string;
}

export type NewsletterStatus = 'pending' | 'confirmed' | 'unsubscribed';

export interface OutboxItem extends OutgoingEmail {
  id: string;
  attempts: number;
  related_id: string | null;
}

/** A processed photo waiting for its submission. */
export interface PhotoUpload {
  id: string;
  width: number;
  height: number;
  widths: number[];
  placeholder: string;
}

/** The server side (functions, scripts): writes with the server's role. */
export interface Store extends PublicReader, DuplicateReader, ReportWriter {
  submitListing(
    listing: NewListing,
    owner: OwnerContact,
    emails: OutgoingEmail[],
  ): Promise<{ id: string; slug: string }>;
  saveContactMessage(message: ContactMessage, emails: OutgoingEmail[]): Promise<string>;
  /**
   * A newsletter sign-up, pending until confirmed, with its confirmation e-mail (composed with `tokens`; a pending
   * address keeps its own). Returns the id the e-mail is related to, null when the address is confirmed already
   * and nothing was queued.
   */
  subscribeNewsletter(
    email: string,
    tokens: NewsletterTokens,
    emails: OutgoingEmail[],
  ): Promise<string | null>;
  /** Opens a confirmation link: the status after it, null for an unknown token. */
  confirmNewsletter(token: string): Promise<NewsletterStatus | null>;
  /** One click on an unsubscribe link; false for an unknown token. */
  unsubscribeNewsletter(token: string): Promise<boolean>;
  /** Keeps a processed photo upload for a day, until a submission takes it. */
  storePhotoUpload(upload: PhotoUpload): Promise<void>;
  /** Deletes the uploads no submission took in time; returns them so their files can be deleted. */
  expirePhotoUploads(): Promise<Array<{ id: string; widths: number[] }>>;
  /** Unsent e-mails whose next attempt is due, oldest first; with `relatedId`, only those that row caused. */
  dueEmails(limit: number, now?: Date, relatedId?: string): Promise<OutboxItem[]>;
  markEmailSent(id: string): Promise<void>;
  markEmailFailed(id: string, error: string, nextAttemptAt: Date): Promise<void>;
}
