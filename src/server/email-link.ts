/**
 * What the endpoints that e-mailed links call share (newsletter and alert links): the token a link carries, the
 * static page it lands on, and the endpoint itself.
 */
import { DATABASE_DOWN } from './form-handler';
import { endpoint, type FunctionContext, HttpError } from './http';
import type { RateLimit } from './rate-limit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A link's token (a UUID); anything else is a link cut short by the mail client. */
export function linkToken(value: unknown): string {
  if (typeof value !== 'string' || !UUID.test(value))
    throw new HttpError(400, 'This link is incomplete: please open the whole link from the e-mail.');
  return value;
}

/** Where a link lands: a static page saying what happened. */
export const landing = (path: string) => new Response(null, { status: 303, headers: { location: path } });

type Log = (line: string) => void;

/**
 * An endpoint of e-mailed links: GET (the link itself) or POST (the mail client's one-click button, RFC 8058, or
 * the page the link opens), rate-limited, with the request's dependencies and their log.
 */
export function linkEndpoint<D extends { log?: Log }>(
  source: (context: FunctionContext) => D,
  rateLimit: RateLimit,
  handle: (req: Request, deps: D, log: Log) => Promise<Response>,
) {
  return endpoint(
    { methods: ['GET', 'POST'], rateLimit, unavailableMessage: DATABASE_DOWN },
    async (req, context) => {
      const deps = source(context);
      return handle(req, deps, deps.log ?? console.error);
    },
  );
}
