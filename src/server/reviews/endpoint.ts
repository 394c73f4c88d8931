/**
 * Reviews over HTTP (docs/reviews.md), on the shared function pipeline:
 * - POST /api/reviews: a new review; stored unconfirmed, and its writer is e-mailed a one-time link (or why the
 *   address may not review the listing). The answer is the same either way: nobody learns whose address it is.
 * - POST /api/reviews/link-request `{ listing, email }`: a new link to confirm, edit or withdraw one's review.
 * - POST /api/reviews/link `{ token }`: the review a live link opens (the edit form is filled from it; not used up).
 * - POST /api/reviews/confirm | /edit | /withdraw `{ token, ... }`: uses the link once.
 * - POST /api/reviews/report: anyone's report of a published review.
 * Tokens ride in the link's fragment and in request bodies only, never in a URL a server logs, as the sign-in links' (src/server/auth/).
 */
import { createHash } from 'node:crypto';
import type { ReviewRow, ReviewStore } from '../../data/review-store';
import type { StaffStore } from '../../data/staff-store';
import {
  reviewFields,
  reviewLinkRequestSchema,
  reviewReportSchema,
  reviewSchema,
} from '../../domain/schemas/review';
import { isToken, LINK_SECONDS, newToken, requireSameOrigin, tokenHash } from '../auth/session';
import { type DepsSource, type FormDeps, formHandler, parseForm } from '../form-handler';
import {
  clientIp,
  endpoint,
  type FunctionContext,
  HttpError,
  json,
  readJsonObject,
  routeByPath,
  tooManyRequests,
} from '../http';
import { requestRebuild } from '../staff/rebuild-signal';
import { confirmReviewEmail, manageReviewEmail, refusalEmails, reviewLink } from './emails';
import { ownerReviews, postReply } from './owner-replies';
import { withStores } from './stores';

/** What the reviews function needs for one request. */
export interface ReviewDeps extends FormDeps {
  openReviews: () => Promise<ReviewStore>;
  /** Sessions (owners' replies) and rebuild requests. */
  openStaff: () => Promise<StaffStore>;
  siteUrl: string | null;
  /** Sends the outbox e-mails related to this id now; false when they wait for a retry. */
  deliver: (relatedId: string) => Promise<boolean>;
  hookUrl?: string | null;
  localRebuild?: (() => void) | undefined;
}

/** Counted in the database, so every function instance agrees. */
export const REVIEW_LIMITS = {
  perClient: 5,
  perAddress: 3,
  windowSeconds: 60 * 60,
  linkUsesPerClient: 20,
  linkWindowSeconds: 15 * 60,
  reportsPerClient: 5,
};

/** How long a review's link works: an hour (a writer may read their mail later than a sign-in's 15 minutes). */
export const REVIEW_LINK_SECONDS = 4 * LINK_SECONDS;

export const SENT_ANSWER =
  'Thank you! Check your inbox: we sent you a link to confirm your review (or the reason it cannot be published). Your review reaches our team once you confirm it.';
export const LINK_SENT_ANSWER =
  'If this address wrote a review of this listing, a link to confirm, edit or withdraw it is on its way. It works once, for an hour.';
export const BAD_LINK =
  'This link has expired, was already used, or is incomplete. Ask for a new one on the listing page.';
export const UNKNOWN_LISTING = 'This listing is not in the directory (any more), so it cannot be reviewed.';

const siteOrigin = (req: Request, deps: ReviewDeps) => deps.siteUrl ?? new URL(req.url).origin;
const hashOf = (value: string) => createHash('sha256').update(value).digest('hex');

async function limit(store: ReviewStore, bucket: string, max: number, windowSeconds: number, what: string) {
  const wait = await store.rateLimit(bucket, max, windowSeconds);
  if (wait > 0) throw tooManyRequests(wait, what);
}

/** The form's fields as stored: the stay month as its first day, empty choices as null. */
export function reviewRow(fields: ReturnType<typeof reviewFields.parse>): ReviewRow {
  return {
    rating: fields.rating,
    title: fields.title,
    body: fields.body,
    stay_month: `${fields.stayMonth}-01`,
    travelled_with: fields.travelledWith || null,
    display_name: fields.displayName,
  };
}

function writeReview(source: DepsSource<ReviewDeps>) {
  return formHandler({
    schema: reviewSchema,
    deps: source,
    decoy: () => json(202, { message: SENT_ANSWER }),
    accept: (review, deps, req, context) =>
      withStores(deps, async ({ reviews }) => {
        const client = clientIp(req, context);
        const busy = 'Thank you, we have your reviews. Please wait before sending more.';
        await limit(
          reviews,
          `review:client:${client}`,
          REVIEW_LIMITS.perClient,
          REVIEW_LIMITS.windowSeconds,
          busy,
        );
        await limit(
          reviews,
          `review:address:${hashOf(review.email)}`,
          REVIEW_LIMITS.perAddress,
          REVIEW_LIMITS.windowSeconds,
          busy,
        );
        const listing = await reviews.listing(review.listing);
        if (!listing) throw new HttpError(400, UNKNOWN_LISTING, {}, { listing: UNKNOWN_LISTING });
        const token = newToken();
        const origin = siteOrigin(req, deps);
        const mail = confirmReviewEmail(
          review.email,
          listing.property_name,
          reviewLink(origin, token),
          REVIEW_LINK_SECONDS / 60,
        );
        const outcome = await reviews.write(
          review.listing,
          { ...reviewRow(review), email: review.email, client_hash: hashOf(client) },
          tokenHash(token),
          REVIEW_LINK_SECONDS,
          mail,
          refusalEmails(listing.property_name, origin),
        );
        if ('refusal' in outcome && outcome.refusal === 'unknown')
          throw new HttpError(400, UNKNOWN_LISTING, {}, { listing: UNKNOWN_LISTING });
        const related = 'id' in outcome ? outcome.id : outcome.mailId;
        if (related) await deps.deliver(related);
        return json(202, { message: SENT_ANSWER });
      }),
  });
}

function requestLink(source: DepsSource<ReviewDeps>) {
  return formHandler({
    schema: reviewLinkRequestSchema,
    deps: source,
    decoy: () => json(202, { message: LINK_SENT_ANSWER }),
    accept: (request, deps, req, context) =>
      withStores(deps, async ({ reviews }) => {
        const busy = 'Too many requests for links. Please wait a few minutes and try again.';
        await limit(
          reviews,
          `review-link:client:${clientIp(req, context)}`,
          REVIEW_LIMITS.perClient,
          REVIEW_LIMITS.windowSeconds,
          busy,
        );
        await limit(
          reviews,
          `review-link:address:${hashOf(request.email)}`,
          REVIEW_LIMITS.perAddress,
          REVIEW_LIMITS.windowSeconds,
          busy,
        );
        const listing = await reviews.listing(request.listing);
        if (!listing) return json(202, { message: LINK_SENT_ANSWER });
        const token = newToken();
        const link = reviewLink(siteOrigin(req, deps), token);
        const made = await reviews.newLink(
          request.email,
          request.listing,
          tokenHash(token),
          REVIEW_LINK_SECONDS,
          manageReviewEmail(listing.property_name, link, REVIEW_LINK_SECONDS / 60),
        );
        if (made) await deps.deliver(made.id);
        return json(202, { message: LINK_SENT_ANSWER });
      }),
  });
}

/** The token of a link request, after the per-client count of link uses (a guessed token costs a slot too). */
async function linkToken(
  store: ReviewStore,
  body: Record<string, unknown>,
  req: Request,
  context: FunctionContext,
) {
  const busy = 'Too many attempts with links. Please wait a few minutes and try again.';
  await limit(
    store,
    `review-link-use:client:${clientIp(req, context)}`,
    REVIEW_LIMITS.linkUsesPerClient,
    REVIEW_LIMITS.linkWindowSeconds,
    busy,
  );
  if (!isToken(body.token)) throw new HttpError(400, BAD_LINK);
  return tokenHash(body.token);
}

function linkRoute(source: DepsSource<ReviewDeps>, act: 'peek' | 'confirm' | 'edit' | 'withdraw') {
  const resolve = typeof source === 'function' ? source : () => source;
  return endpoint({ methods: ['POST'] }, async (req, context) => {
    const deps = resolve(context);
    requireSameOrigin(req, deps.siteUrl);
    if (deps.writesRefused && act !== 'peek') throw new HttpError(403, deps.writesRefused);
    const body = await readJsonObject(req);
    return withStores(deps, async ({ reviews, staff }) => {
      const hash = await linkToken(reviews, body, req, context);
      if (act === 'peek') {
        const review = await reviews.byLink(hash);
        if (!review) throw new HttpError(400, BAD_LINK);
        return json(200, { review: { ...review, stay_month: review.stay_month.slice(0, 7) } });
      }
      let row: ReviewRow | null = null;
      if (act === 'edit') {
        row = reviewRow(parseForm(reviewFields, body));
      }
      const done = await reviews.spendLink(
        hash,
        row ? { use: 'edit', review: row } : { use: act as 'confirm' | 'withdraw' },
      );
      if (!done) throw new HttpError(400, BAD_LINK);
      // A published review that changed or left: only the pages that show it are rebuilt (docs/reviews.md).
      if (done.wasPublished) await requestRebuild(await staff(), deps.hookUrl ?? null, deps.localRebuild);
      return json(200, { message: LINK_ANSWERS[act] });
    });
  });
}

const LINK_ANSWERS = {
  confirm:
    'Thank you: your review is confirmed. Our team reads every review and e-mails you once it is published.',
  edit: 'Thank you: your edited review goes to our team, who e-mail you once it is published again.',
  withdraw: 'Your review is withdrawn: it leaves the listing page with the next update of the site.',
};

function reportReview(source: DepsSource<ReviewDeps>) {
  return formHandler({
    schema: reviewReportSchema,
    deps: source,
    decoy: () => json(201, { message: 'Thank you' }),
    accept: (report, deps, req, context) =>
      withStores(deps, async ({ reviews }) => {
        const outcome = await reviews.report(
          report.review,
          report.reason,
          report.message,
          `review-report:client:${clientIp(req, context)}`,
          REVIEW_LIMITS.reportsPerClient,
          REVIEW_LIMITS.windowSeconds,
        );
        if ('waitSeconds' in outcome)
          throw tooManyRequests(
            outcome.waitSeconds,
            'Thank you, we have your reports. Please wait before sending more.',
          );
        if ('notPublished' in outcome) {
          const gone = 'This review is not published (any more), so it cannot be reported.';
          throw new HttpError(400, gone, {}, { review: gone });
        }
        return json(201, {
          message: 'Thank you: our team will look at this review. It stays up until they decide.',
        });
      }),
  });
}

/** One handler for every review path. */
export function createReviewHandler(source: DepsSource<ReviewDeps>) {
  const routes: Record<string, ReturnType<typeof endpoint>> = {
    '/api/reviews': writeReview(source),
    '/api/reviews/link-request': requestLink(source),
    '/api/reviews/link': linkRoute(source, 'peek'),
    '/api/reviews/confirm': linkRoute(source, 'confirm'),
    '/api/reviews/edit': linkRoute(source, 'edit'),
    '/api/reviews/withdraw': linkRoute(source, 'withdraw'),
    '/api/reviews/report': reportReview(source),
  };
  const resolveFor = (context: FunctionContext) => () =>
    typeof source === 'function' ? source(context) : source;
  const ownerRoutes: Record<string, (resolve: () => ReviewDeps) => ReturnType<typeof endpoint>> = {
    '/api/reviews/owner': ownerReviews,
    '/api/reviews/reply': postReply,
  };
  return routeByPath(
    (path, context) => ownerRoutes[path]?.(resolveFor(context)) ?? routes[path],
    'No such reviews address',
  );
}
