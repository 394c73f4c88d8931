/**
 * Sessions of the e-mailed sign-in: random tokens (256 bits, Node's CSPRNG) kept only as SHA-256 hashes,
 * an HttpOnly SameSite=Lax cookie naming the session, and the origin check that keeps other sites from making a
 * signed-in browser change anything.
 */
import { createHash, randomBytes } from 'node:crypto';
import { parse, serialize } from 'cookie';
import type { AuthStore, SessionInfo } from '../../data/staff-store';
import { HttpError } from '../http';

/** How long an e-mailed link works. */
export const LINK_SECONDS = 15 * 60;
/** How long a session lasts: a working day, then sign in again. */
export const SESSION_SECONDS = 12 * 60 * 60;

/** A new random token: 32 bytes from the operating system's CSPRNG, URL-safe (43 characters). */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** What is stored instead of a token. Tokens carry 256 random bits, so a plain SHA-256 cannot be reversed. */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** True for a string shaped like one of our tokens (anything else is refused before the database is asked). */
export const isToken = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Secure everywhere but plain-HTTP loopback (`npm start`), where a browser would drop a Secure cookie. */
function secureFor(req: Request): boolean {
  const url = new URL(req.url);
  return !(url.protocol === 'http:' && LOOPBACK.has(url.hostname));
}

// The __Host- prefix makes the browser refuse the cookie unless it is Secure, host-only and for path /.
const cookieName = (req: Request) => (secureFor(req) ? '__Host-glamping_session' : 'glamping_session');

/** The Set-Cookie header of a new session. */
export function sessionCookie(req: Request, token: string): string {
  return serialize(cookieName(req), token, {
    httpOnly: true,
    secure: secureFor(req),
    sameSite: 'lax',
    path: '/',
    maxAge: SESSION_SECONDS,
  });
}

/** The Set-Cookie header that removes the session cookie. */
export function clearedCookie(req: Request): string {
  return serialize(cookieName(req), '', {
    httpOnly: true,
    secure: secureFor(req),
    sameSite: 'lax',
    path: '/',
    maxAge: 0,
  });
}

/** The session token the request's cookie carries, when it is shaped like one. */
export function sessionToken(req: Request): string | null {
  const value = parse(req.headers.get('cookie') ?? '')[cookieName(req)];
  return isToken(value) ? value : null;
}

/** The live session of the request, or null (no cookie, unknown, ended or expired). */
export async function readSession(req: Request, store: AuthStore): Promise<SessionInfo | null> {
  const token = sessionToken(req);
  return token ? store.session(tokenHash(token)) : null;
}

/**
 * Refuses a state-changing request a browser sent from another site (CSRF): it must carry our Origin. Browsers send
 * Origin on every POST; SameSite=Lax already keeps the cookie off cross-site POSTs, this is the second lock.
 */
export function requireSameOrigin(req: Request, siteUrl: string | null): void {
  const origin = req.headers.get('origin');
  const allowed = new Set([new URL(req.url).origin]);
  if (siteUrl) allowed.add(new URL(siteUrl).origin);
  if (!origin || !allowed.has(origin))
    throw new HttpError(
      403,
      'This request must come from the site itself (its Origin header is missing or foreign)',
    );
}
