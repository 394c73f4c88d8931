import type { Store } from '../data/store';
import { newsletterSchema } from '../domain/schemas/newsletter';
import { afterResponse } from './after-response';
import { newsletterConfirmEmail } from './email/compose';
import { landing, linkEndpoint, linkToken } from './email-link';
import { type DepsSource, formHandler, storeCall } from './form-handler';
import { type FunctionContext, HttpError, json, NEUTRAL_ANSWER_MS } from './http';
import type { RateLimit } from './rate-limit';
import { notifyNow, type WriteDeps } from './submissions';

/** Newsletter dependencies: the form's, plus the public origin its links point to (config.siteUrl). */
export interface NewsletterDeps extends WriteDeps {
  /** Public origin of the site's links (configuration; never the request's Host). */
  siteUrl: string;
}

/** What the box says after any valid address, subscribed or not: the answer never tells whether it was. */
export const CHECK_YOUR_INBOX =
  'Almost done: please open the link we just e-mailed you to confirm your subscription.';

/** POST /api/newsletter: a pending sign-up and its confirmation e-mail (double opt-in). */
export function createSubscribeHandler(source: DepsSource<NewsletterDeps>) {
  return formHandler({
    schema: newsletterSchema,
    deps: source,
    decoy: () => json(202, { message: CHECK_YOUR_INBOX }),
    minimumMs: NEUTRAL_ANSWER_MS,
    async accept({ email }, deps, _req, context) {
      const log = deps.log ?? console.error;
      const tokens = { confirm: crypto.randomUUID(), unsubscribe: crypto.randomUUID() };
      const site = deps.siteUrl;
      const emails = [newsletterConfirmEmail(email, site, tokens)];
      const store = await storeCall(deps.store, log);
      const id = await storeCall(() => store.subscribeNewsletter(email, tokens, emails), log);
      // Sent after the answer, whose time then says nothing of whether the address was already subscribed.
      if (id) afterResponse(context, () => notifyNow(deps, store, id, 1), log);
      return json(202, { message: CHECK_YOUR_INBOX });
    },
  });
}

/**
 * GET /api/newsletter/confirm?token=: the confirmation link. GET|POST /api/newsletter/unsubscribe?token=: the
 * unsubscribe link (GET, one click in the message) and the mail client's one-click button (POST, RFC 8058).
 */
export function createNewsletterLinkHandler(
  source: (context: FunctionContext) => { store: () => Promise<Store>; log?: (line: string) => void },
  rateLimit: RateLimit,
) {
  return linkEndpoint(source, rateLimit, async (req, d, log) => {
    const path = new URL(req.url).pathname;
    const value = linkToken(new URL(req.url).searchParams.get('token') ?? '');
    const store = await storeCall(d.store, log);
    if (path.endsWith('/confirm')) {
      if (req.method !== 'GET') throw new HttpError(405, 'Use GET for this address', { allow: 'GET' });
      const status = await storeCall(() => store.confirmNewsletter(value), log);
      if (status === null) throw new HttpError(404, 'This confirmation link is unknown or no longer valid.');
      return landing(status === 'confirmed' ? '/newsletter/confirmed' : '/newsletter/unsubscribed');
    }
    if (path.endsWith('/unsubscribe')) {
      const known = await storeCall(() => store.unsubscribeNewsletter(value), log);
      if (!known) throw new HttpError(404, 'This unsubscribe link is unknown or no longer valid.');
      return req.method === 'POST' ? json(200, { unsubscribed: true }) : landing('/newsletter/unsubscribed');
    }
    throw new HttpError(404, 'Unknown newsletter address');
  });
}
