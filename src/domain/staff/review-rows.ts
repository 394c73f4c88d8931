/** The rows of the staff Reviews queue (docs/reviews.md), as the store reads them and the console shows them. */
import type { ReviewReason } from '../reviews';

/** A review's own fields as stored (stay month as 'YYYY-MM-01'). */
export interface ReviewRow {
  rating: number;
  title: string;
  body: string;
  stay_month: string;
  travelled_with: string | null;
  display_name: string;
}

/** A confirmed review waiting for staff, with what the queue shows beside it. */
export interface PendingReview extends ReviewRow {
  id: string;
  listing_id: string;
  slug: string;
  property_name: string;
  email: string;
  confirmed_at: string;
  /** Reviews from the same client in the last 30 days (this one included). */
  from_client: number;
}

/** An owner's reply waiting for staff, with the review it answers. */
export interface PendingReply {
  review_id: string;
  slug: string;
  property_name: string;
  owner_email: string;
  proposed_body: string;
  published_body: string | null;
  review_body: string;
  proposed_at: string;
}

/** An open report of a published review. */
export interface OpenReviewReport {
  id: string;
  review_id: string;
  slug: string;
  property_name: string;
  reason: ReviewReason;
  message: string;
  review_body: string;
  rating: number;
  created_at: string;
  open_for_review: number;
}

/** A queued review with what the console points out (links in the text, several reviews from one client). */
export type QueuedReview = PendingReview & { signals: string[] };

/** What the console's Reviews tab shows. */
export interface ReviewQueue {
  reviews: QueuedReview[];
  replies: PendingReply[];
  reports: OpenReviewReport[];
}
