/**
 * The staff side of reviews (docs/reviews.md): the Reviews queue (confirmed reviews oldest first with their signals,
 * owners' replies, reports) and its decisions. A rejection names a reason from the fixed list, never the rating;
 * every decision is audited by its SQL function and e-mails the writer (or the owner) either way.
 */
import type { ReviewStore } from '../../../data/review-store';
import { StaffInputError } from '../../../data/staff-store';
import { type ReviewReason, reviewReasonLabel, reviewSignals } from '../../../domain/reviews';
import type { ReviewQueue } from '../../../domain/staff/review-rows';
import { replyDecidedEmail, reviewDecidedEmail } from '../../reviews/emails';
import { type ActionContext, defineActions, withRebuild } from './context';

async function queueOf(store: ReviewStore): Promise<ReviewQueue> {
  const reviews = (await store.queue()).map((r) => ({
    ...r,
    signals: reviewSignals(`${r.title}\n${r.body}`, r.from_client),
  }));
  return { reviews, replies: await store.replyQueue(), reports: await store.openReports() };
}

/** Runs `decide` with the reviews' store; the queue after it, and a rebuild when a listing's page changed. */
async function withReviews(
  context: ActionContext,
  decide: (
    store: ReviewStore,
    sent: (id: string) => Promise<string>,
  ) => Promise<{ message: string; changed?: string | null }>,
) {
  if (!context.options.openReviews) throw new StaffInputError('Reviews are not available here');
  const store = await context.options.openReviews();
  const deliver = context.options.deliver;
  const sent = async (id: string) => ((deliver ? await deliver(id) : false) ? 'sent' : 'queued');
  try {
    const { message, changed } = await decide(store, sent);
    const answer = { message, reviewQueue: await queueOf(store) };
    return changed ? withRebuild(context, answer) : answer;
  } finally {
    await store.close();
  }
}

const siteOf = (context: ActionContext) => context.options.siteUrl ?? '';
const what = (reason: ReviewReason | null) =>
  reason === null ? 'published' : `rejected (${reviewReasonLabel(reason)})`;

function decideReview(reviewId: string, reason: ReviewReason | null, context: ActionContext) {
  return withReviews(context, async (store, sent) => {
    const review = await store.find(reviewId);
    if (!review) throw new StaffInputError(`No review with id "${reviewId}"`);
    const mail = reviewDecidedEmail(review, reason, siteOf(context));
    const listing = await store.decide(review.id, reason === null, reason, context.by, mail);
    if (!listing)
      throw new StaffInputError(`Review ${review.id} is not waiting for a decision (it is ${review.status})`);
    return {
      message: `${review.slug}: review ${what(reason)}, e-mail ${await sent(review.id)}`,
      changed: reason === null ? listing : null,
    };
  });
}

function decideReply(reviewId: string, reason: ReviewReason | null, context: ActionContext) {
  return withReviews(context, async (store, sent) => {
    const reply = (await store.replyQueue()).find((r) => r.review_id === reviewId);
    if (!reply) throw new StaffInputError(`No reply waits on review "${reviewId}"`);
    const mail = replyDecidedEmail(reply, reason, siteOf(context));
    const listing = await store.decideReply(reply.review_id, reason === null, reason, context.by, mail);
    return {
      message: `${reply.slug}: reply ${what(reason)}, e-mail ${await sent(reply.review_id)}`,
      changed: reason === null ? listing : null,
    };
  });
}

function resolveReport(reportId: string, remove: boolean, context: ActionContext) {
  return withReviews(context, async (store, sent) => {
    const report = (await store.openReports()).find((r) => r.id === reportId);
    if (!report) throw new StaffInputError(`No open report with id "${reportId}" (resolved already?)`);
    const mail = reviewDecidedEmail(report, report.reason, siteOf(context));
    const { removedFrom } = await store.resolveReport(report.id, remove, context.by, mail);
    const tail = removedFrom ? `, e-mail ${await sent(report.review_id)}` : '';
    const outcome = remove ? `removed (${reviewReasonLabel(report.reason)})` : 'kept';
    return { message: `${report.slug}: reported review ${outcome}${tail}`, changed: removedFrom };
  });
}

export const reviewActions = defineActions({
  reviews: {
    readOnly: true,
    handler: (_, context) =>
      withReviews(context, async (store) => {
        const [reviews, replies, reports] = [
          await store.queue(),
          await store.replyQueue(),
          await store.openReports(),
        ];
        return {
          message: `${reviews.length} review(s), ${replies.length} reply(ies), ${reports.length} report(s) waiting`,
        };
      }),
  },
  'review-publish': { readOnly: false, handler: (r, context) => decideReview(r.review, null, context) },
  'review-reject': { readOnly: false, handler: (r, context) => decideReview(r.review, r.reason, context) },
  'reply-publish': { readOnly: false, handler: (r, context) => decideReply(r.review, null, context) },
  'reply-reject': { readOnly: false, handler: (r, context) => decideReply(r.review, r.reason, context) },
  'review-report-keep': { readOnly: false, handler: (r, context) => resolveReport(r.report, false, context) },
  'review-report-remove': {
    readOnly: false,
    handler: (r, context) => resolveReport(r.report, true, context),
  },
});
