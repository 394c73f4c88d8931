/**
 * The reviews' store port (docs/reviews.md). Every write is one SQL function of the reviews migration, so the rules
 * (one review per address per listing per 12 months, owners and staff refused, single-use links, one decision per
 * review) hold whatever calls them. One implementation: the SQL store (./review-sql.ts).
 */
import type { ReviewReason } from '../domain/reviews';
import type { OpenReviewReport, PendingReply, PendingReview, ReviewRow } from '../domain/staff/review-rows';
import type { OutgoingEmail } from './store';

export type { OpenReviewReport, PendingReply, PendingReview, ReviewRow };

/** Why an address may not review a listing. */
export type ReviewRefusal = 'unknown' | 'owner' | 'staff' | 'duplicate';

/** The review a live link opens (for the edit form), and what the link is for. */
export interface LinkedReview extends ReviewRow {
  id: string;
  slug: string;
  property_name: string;
  purpose: 'confirm' | 'manage';
  status: 'unconfirmed' | 'pending' | 'published';
}

/** What a link can do once. */
export type LinkUse = { use: 'confirm' } | { use: 'withdraw' } | { use: 'edit'; review: ReviewRow };

/** A published review as the public sees it (no address), with its owner's published reply. */
export interface PublishedReview extends ReviewRow {
  id: string;
  listing_id: string;
  published_at: string;
  reply: string | null;
}

export interface ReviewStore {
  /** Counts a request in `bucket`: 0 when allowed, else the seconds to wait. */
  rateLimit(bucket: string, limit: number, windowSeconds: number): Promise<number>;
  /** A verified listing's id and name by slug, or null. */
  listing(slug: string): Promise<{ id: string; property_name: string } | null>;
  /** Stores an unconfirmed review of a verified listing with its confirm link and e-mail; its id or the refusal. */
  write(
    slug: string,
    review: ReviewRow & { email: string; client_hash: string },
    tokenHash: string,
    ttlSeconds: number,
    mail: OutgoingEmail,
    refusals: Record<Exclude<ReviewRefusal, 'unknown'>, Omit<OutgoingEmail, 'to_address'>>,
  ): Promise<{ id: string } | { refusal: ReviewRefusal; mailId: string | null }>;
  /** A new link for the address's live review of a listing, its e-mail queued; null when there is none. */
  newLink(
    email: string,
    slug: string,
    tokenHash: string,
    ttlSeconds: number,
    mail: Omit<OutgoingEmail, 'to_address'>,
  ): Promise<{ id: string; purpose: 'confirm' | 'manage' } | null>;
  byLink(tokenHash: string): Promise<LinkedReview | null>;
  /** Uses a link once; the review's listing and whether the public saw it, or null for a dead or wrong link. */
  spendLink(tokenHash: string, use: LinkUse): Promise<{ listingId: string; wasPublished: boolean } | null>;
  report(
    reviewId: string,
    reason: ReviewReason,
    message: string,
    bucket: string,
    limit: number,
    windowSeconds: number,
  ): Promise<{ id: string } | { notPublished: true } | { waitSeconds: number }>;
  /** An owner's reply for staff to decide; false for a review that is not published. Throws NotYourListing. */
  proposeReply(email: string, reviewId: string, body: string): Promise<boolean>;
  /** Published reviews of the listings an address owns, newest first, with their replies (published and proposed). */
  ownerReviews(
    email: string,
  ): Promise<Array<PublishedReview & { slug: string; proposed_reply: string | null }>>;
  queue(): Promise<PendingReview[]>;
  decide(
    id: string,
    publish: boolean,
    reason: ReviewReason | null,
    actor: string,
    mail: Omit<OutgoingEmail, 'to_address'>,
  ): Promise<string | null>;
  replyQueue(): Promise<PendingReply[]>;
  decideReply(
    reviewId: string,
    publish: boolean,
    reason: ReviewReason | null,
    actor: string,
    mail: Omit<OutgoingEmail, 'to_address'>,
  ): Promise<string | null>;
  openReports(): Promise<OpenReviewReport[]>;
  /** Keeps or removes the reported review; resolved at all, and the listing it left when removed. */
  resolveReport(
    id: string,
    remove: boolean,
    actor: string,
    mail: Omit<OutgoingEmail, 'to_address'>,
  ): Promise<{ resolved: boolean; removedFrom: string | null }>;
  /** A review of any status, for staff (the e-mails name its listing). */
  find(id: string): Promise<(PendingReview & { status: string }) | null>;
  close(): Promise<void>;
}

/** The figures /reviews-policy states, computed at build from the public-safe aggregate. */
export interface ReviewFigures {
  published: number;
  rejected: number;
  rejectedByReason: Partial<Record<ReviewReason, number>>;
}
