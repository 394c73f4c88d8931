import type { Config } from '@netlify/functions';
import type { FunctionContext } from '../../src/server/http';
import { createNewsletterLinkHandler, createSubscribeHandler } from '../../src/server/newsletter';
import { slidingWindowLimiter } from '../../src/server/rate-limit';
import { formDeps, functionConfig, functionStore } from '../lib/deps';

const signupDeps = formDeps(5);
const subscribe = createSubscribeHandler((context) => ({
  ...signupDeps(context),
  siteUrl: functionConfig(context).siteUrl,
}));
const links = createNewsletterLinkHandler(
  (context) => {
    const config = functionConfig(context);
    return { store: () => functionStore(config) };
  },
  slidingWindowLimiter({ limit: 30, windowMs: 60_000 }),
);

/**
 * The blog's newsletter: POST /api/newsletter signs an address up (pending, double opt-in);
 * /api/newsletter/confirm and /api/newsletter/unsubscribe are the links its e-mails carry.
 */
export default (req: Request, context?: FunctionContext) =>
  new URL(req.url).pathname === '/api/newsletter' ? subscribe(req, context) : links(req, context);

export const config: Config = {
  path: ['/api/newsletter', '/api/newsletter/confirm', '/api/newsletter/unsubscribe'],
};
