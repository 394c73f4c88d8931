/**
 * Owners' replies (docs/reviews.md), on the staff sign-in's sessions (D30):
 * - GET /api/reviews/owner: the published reviews of the signed-in owner's listings, each with its reply.
 * - POST /api/reviews/reply `{ review, body }`: one public reply per review (a new one or an edit), for staff to
 *   publish through the Reviews queue. An owner can neither hide, edit nor rate a review: no route does that.
 * The SQL function checks again that the review is of one of the owner's listings.
 */
import { replySchema } from '../../domain/schemas/review';
import { readSession, requireSameOrigin } from '../auth/session';
import { parseForm } from '../form-handler';
import { endpoint, HttpError, json, readJsonObject, tooManyRequests } from '../http';
import type { ReviewDeps } from './endpoint';
import { type RequestStores, withStores } from './stores';

export const REPLIES_PER_OWNER = { limit: 20, windowSeconds: 15 * 60 };
export const REPLY_ANSWER = 'Thank you: our team reads your reply and e-mails you once it is published.';

async function ownerOf(req: Request, stores: RequestStores): Promise<string> {
  const session = await readSession(req, await stores.staff());
  if (!session) throw new HttpError(401, 'Please sign in with the address on file for your listing');
  if (session.ownerOf.length === 0) throw new HttpError(403, 'This account manages no listing');
  return session.email;
}

/** Nobody signed in, or an account that manages no listing, has no reviews: an answer, not an error (as
 * GET /api/owner/listings), so the owner page asks without knowing yet who is there. */
export function ownerReviews(resolve: () => ReviewDeps) {
  return endpoint({ methods: ['GET'] }, async (req) =>
    withStores(resolve(), async (stores) => {
      const session = await readSession(req, await stores.staff());
      if (!session || session.ownerOf.length === 0) return json(200, { reviews: [] });
      return json(200, { reviews: await stores.reviews.ownerReviews(session.email) });
    }),
  );
}

export function postReply(resolve: () => ReviewDeps) {
  return endpoint({ methods: ['POST'] }, async (req) => {
    const deps = resolve();
    requireSameOrigin(req, deps.siteUrl);
    if (deps.writesRefused) throw new HttpError(403, deps.writesRefused);
    const body = await readJsonObject(req);
    return withStores(deps, async (stores) => {
      const email = await ownerOf(req, stores);
      const reply = parseForm(replySchema, body);
      const wait = await stores.reviews.rateLimit(
        `review-reply:owner:${email}`,
        REPLIES_PER_OWNER.limit,
        REPLIES_PER_OWNER.windowSeconds,
      );
      if (wait > 0) throw tooManyRequests(wait, 'Too many replies. Please wait a few minutes and try again.');
      if (!(await stores.reviews.proposeReply(email, reply.review, reply.body))) {
        const gone = 'This review is not published (any more), so it cannot be replied to.';
        throw new HttpError(400, gone, {}, { review: gone });
      }
      return json(202, { message: REPLY_ANSWER });
    });
  });
}
