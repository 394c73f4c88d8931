/**
 * The staff side of reviews (docs/reviews.md): the Reviews queue (confirmed reviews oldest first with their signals,
 * owners' replies, reports) and its decisions. A rejection names a reason from the fixed list, never the rating;
 * every decision is audited by its SQL function and e-mails the writer (or the owner) either way.
 */
import { z } from 'zod';
import type { OpenReviewReport, PendingReply, PendingReview, ReviewStore } from '../../data/review-store';
import { StaffInputError } from '../../data/staff-store';
import { REVIEW_REASON_VALUES, reviewReasonLabel, reviewSignals } from '../../domain/reviews';
import { replyDecidedEmail, reviewDecidedEmail } from '../reviews/emails';

const ref = z.uuid('review id is required (from reviews)');
const reason = z.enum(REVIEW_REASON_VALUES, {
  error: `reason must be one of: ${REVIEW_REASON_VALUES.join(', ')}`,
});
const actor = z.string().trim().min(1).max(120).optional();

/** The review actions' requests (part of the staff request union). */
export const reviewActionSchemas = [
  z.object({ action: z.literal('reviews') }),
  z.object({ action: z.literal('review-publish'), review: ref, actor }),
  z.object({ action: z.literal('review-reject'), review: ref, reason, actor }),
  z.object({ action: z.literal('reply-publish'), review: ref, actor }),
  z.object({ action: z.literal('reply-reject'), review: ref, reason, actor }),
  z.object({ action: z.literal('review-report-keep'), report: z.uuid('report id is required'), actor }),
  z.object({ action: z.literal('review-report-remove'), report: z.uuid('report id is required'), actor }),
] as const;
export type ReviewRequest = z.infer<(typeof reviewActionSchemas)[number]>;
export const REVIEW_ACTIONS = reviewActionSchemas.map((s) => s.shape.action.value);
export const READ_ONLY_REVIEW_ACTIONS = ['reviews'] as const;

/** A queued review with what the console points out (links in the text, several reviews from one client). */
export type QueuedReview = PendingReview & { signals: string[] };

/** What the console's Reviews tab shows. */
export interface ReviewQueue {
  reviews: QueuedReview[];
  replies: PendingReply[];
  reports: OpenReviewReport[];
}

export interface ReviewActionResult {
  message: string;
  reviewQueue?: ReviewQueue;
  /** A listing whose public page changed: the caller asks for a rebuild. */
  publicChange?: string;
}

async function queueOf(store: ReviewStore): Promise<ReviewQueue> {
  const reviews = (await store.queue()).map((r) => ({
    ...r,
    signals: reviewSignals(`${r.title}\n${r.body}`, r.from_client),
  }));
  return { reviews, replies: await store.replyQueue(), reports: await store.openReports() };
}

/** Runs one review action; e-mails go out through the outbox (`deliver` sends them now when it can). */
export async function runReviewAction(
  store: ReviewStore,
  request: ReviewRequest,
  by: string,
  siteUrl: string,
  deliver?: (relatedId: string) => Promise<boolean>,
): Promise<ReviewActionResult> {
  const sent = async (id: string) => ((deliver ? await deliver(id) : false) ? 'sent' : 'queued');
  const done = async (message: string, publicChange?: string | null): Promise<ReviewActionResult> => ({
    message,
    reviewQueue: await queueOf(store),
    ...(publicChange ? { publicChange } : {}),
  });
  switch (request.action) {
    case 'reviews': {
      const queue = await queueOf(store);
      const message = `${queue.reviews.length} review(s), ${queue.replies.length} reply(ies), ${queue.reports.length} report(s) waiting`;
      return { message, reviewQueue: queue };
    }
    case 'review-publish':
    case 'review-reject': {
      const review = await store.find(request.review);
      if (!review) throw new StaffInputError(`No review with id "${request.review}"`);
      const why = request.action === 'review-reject' ? request.reason : null;
      const listing = await store.decide(
        review.id,
        why === null,
        why,
        by,
        reviewDecidedEmail(review, why, siteUrl),
      );
      if (!listing)
        throw new StaffInputError(
          `Review ${review.id} is not waiting for a decision (it is ${review.status})`,
        );
      const what = why === null ? 'published' : `rejected (${reviewReasonLabel(why)})`;
      return done(
        `${review.slug}: review ${what}, e-mail ${await sent(review.id)}`,
        why === null ? listing : null,
      );
    }
    case 'reply-publish':
    case 'reply-reject': {
      const reply = (await store.replyQueue()).find((r) => r.review_id === request.review);
      if (!reply) throw new StaffInputError(`No reply waits on review "${request.review}"`);
      const why = request.action === 'reply-reject' ? request.reason : null;
      const listing = await store.decideReply(
        reply.review_id,
        why === null,
        why,
        by,
        replyDecidedEmail(reply, why, siteUrl),
      );
      const what = why === null ? 'published' : `rejected (${reviewReasonLabel(why)})`;
      return done(
        `${reply.slug}: reply ${what}, e-mail ${await sent(reply.review_id)}`,
        why === null ? listing : null,
      );
    }
    case 'review-report-keep':
    case 'review-report-remove': {
      const report = (await store.openReports()).find((r) => r.id === request.report);
      if (!report) throw new StaffInputError(`No open report with id "${request.report}"`);
      const remove = request.action === 'review-report-remove';
      const mail = reviewDecidedEmail(report, report.reason, siteUrl);
      const { removedFrom } = await store.resolveReport(report.id, remove, by, mail);
      const what = remove ? `removed (${reviewReasonLabel(report.reason)})` : 'kept';
      const tail = removedFrom ? `, e-mail ${await sent(report.review_id)}` : '';
      return done(`${report.slug}: reported review ${what}${tail}`, removedFrom);
    }
  }
}
