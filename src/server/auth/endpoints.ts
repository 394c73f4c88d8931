/**
 * Sign-in by e-mailed link, over the shared function pipeline:
 * - POST /api/auth/sign-in `{ email }`: when the address may sign in (staff, or an owner), a one-time link is e-mailed (outbox, sent at
 *   once). The answer is the same whether or not it may: nobody learns who is staff.
 * - POST /api/auth/confirm `{ token }`: the page the link opens posts its token (kept in the URL fragment, so it never
 *   reaches a server log or a Referer); a valid one opens a session cookie.
 * - POST /api/auth/sign-out ends the session; GET /api/auth/session says who is signed in.
 */
import { randomUUID } from 'node:crypto';
import type { StaffStore } from '../../data/staff-store';
import { EMAIL_PATTERN } from '../../domain/schemas/forms';
import { afterResponse } from '../after-response';
import { signInEmail } from '../email/compose';
import {
  clientIp,
  endpoint,
  type FunctionContext,
  HttpError,
  json,
  NEUTRAL_ANSWER_MS,
  readJsonObject,
  routeWithDeps,
} from '../http';
import { limitOrRefuse, withOpenStore } from '../store-use';
import {
  clearedCookie,
  isToken,
  LINK_SECONDS,
  newToken,
  readSession,
  requireSameOrigin,
  SESSION_SECONDS,
  sessionCookie,
  sessionToken,
  tokenHash,
} from './session';

/** What the sign-in function needs for one request. */
export interface AuthDeps {
  openStore: () => Promise<StaffStore>;
  /** Who may sign in while the staff list is empty (STAFF_EMAILS). */
  staffEmails: readonly string[];
  /** Public origin of the links e-mailed (configuration; never the request's Host). */
  siteUrl: string;
  /** Sends the outbox e-mails related to this id now; false when they wait for a retry. */
  deliver: (relatedId: string) => Promise<boolean>;
  log?: (line: string) => void;
}

/** Requests per quarter of an hour: per client, and per address (counted for unknown addresses too). */
export const SIGN_IN_LIMITS = { perClient: 10, perAddress: 5, linkUsesPerClient: 20, windowSeconds: 15 * 60 };

export const NEUTRAL_ANSWER =
  'If this address may sign in, a sign-in link is on its way. It works once, for 15 minutes.';
export const BAD_LINK =
  'This sign-in link has expired, was already used, or is incomplete. Ask for a new one.';

const withStore = <T>(deps: AuthDeps, use: (store: StaffStore) => Promise<T>): Promise<T> =>
  withOpenStore(
    {
      open: deps.openStore,
      name: 'Sign-in',
      log: deps.log,
    },
    use,
  );

const limit = (store: StaffStore, bucket: string, max: number) =>
  limitOrRefuse(
    store,
    bucket,
    { max, windowSeconds: SIGN_IN_LIMITS.windowSeconds },
    'Too many sign-in attempts. Please wait a few minutes and try again.',
  );

function requestLink(deps: AuthDeps) {
  return endpoint({ methods: ['POST'], minimumMs: NEUTRAL_ANSWER_MS }, async (req, context) => {
    const body = await readJsonObject(req);
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    if (!email || email.length > 254 || !EMAIL_PATTERN.test(email))
      throw new HttpError(400, 'Please enter a valid email', {}, { email: 'Please enter a valid email' });
    return withStore(deps, async (store) => {
      await limit(store, `sign-in:client:${clientIp(req, context)}`, SIGN_IN_LIMITS.perClient);
      await limit(store, `sign-in:address:${tokenHash(email)}`, SIGN_IN_LIMITS.perAddress);
      await store.seedStaff(deps.staffEmails);
      const token = newToken();
      const link = `${deps.siteUrl}/sign-in/confirm#${token}`;
      const relatedId = randomUUID();
      const mail = signInEmail(email, link, LINK_SECONDS / 60);
      // Sent after the answer: its time is the same for an address that may sign in and one that may not.
      if (await store.createLink(email, tokenHash(token), LINK_SECONDS, mail, relatedId))
        afterResponse(context, () => deps.deliver(relatedId), deps.log);
      return json(202, { message: NEUTRAL_ANSWER });
    });
  });
}

function confirmLink(deps: AuthDeps) {
  return endpoint({ methods: ['POST'] }, async (req, context) => {
    requireSameOrigin(req, deps.siteUrl);
    const body = await readJsonObject(req);
    return withStore(deps, async (store) => {
      await limit(store, `sign-in-link:client:${clientIp(req, context)}`, SIGN_IN_LIMITS.linkUsesPerClient);
      if (!isToken(body.token)) throw new HttpError(400, BAD_LINK);
      const session = newToken();
      const email = await store.useLink(tokenHash(body.token), tokenHash(session), SESSION_SECONDS);
      if (!email) throw new HttpError(400, BAD_LINK);
      const info = await store.session(tokenHash(session));
      return json(
        200,
        { email, staff: info?.isStaff === true, owner: (info?.ownerOf.length ?? 0) > 0 },
        { 'set-cookie': sessionCookie(req, session) },
      );
    });
  });
}

function signOut(deps: AuthDeps) {
  return endpoint({ methods: ['POST'] }, async (req) => {
    requireSameOrigin(req, deps.siteUrl);
    const token = sessionToken(req);
    if (token) await withStore(deps, (store) => store.endSession(tokenHash(token)));
    return json(200, { signedOut: true }, { 'set-cookie': clearedCookie(req) });
  });
}

function currentSession(deps: AuthDeps) {
  return endpoint({ methods: ['GET'] }, async (req) => {
    if (!sessionToken(req)) throw new HttpError(401, 'Not signed in');
    const session = await withStore(deps, (store) => readSession(req, store));
    if (!session) throw new HttpError(401, 'Not signed in', { 'set-cookie': clearedCookie(req) });
    return json(200, {
      email: session.email,
      staff: session.isStaff,
      owner: session.ownerOf.length > 0,
      expiresAt: session.expiresAt,
    });
  });
}

/** One handler for every sign-in path; `deps` is resolved per request. */
export function createAuthHandler(deps: (context: FunctionContext) => AuthDeps) {
  return routeWithDeps(
    deps,
    {
      '/api/auth/sign-in': requestLink,
      '/api/auth/confirm': confirmLink,
      '/api/auth/sign-out': signOut,
      '/api/auth/session': currentSession,
    },
    'No such sign-in address',
  );
}
