/**
 * Staff moderation over HTTP: POST /api/staff with `Authorization: Bearer <STAFF_TOKEN>` and a JSON body
 * `{ action, id, ... }` (the action table, ./actions/), through the shared function pipeline (../http.ts).
 */
import { contentTypeOf, type PhotoStorage } from '../../data/photos/storage';
import type { StaffStore } from '../../data/staff-store';
import { StaffInputError } from '../../data/staff-store';
import { fieldErrors } from '../../domain/schemas/errors';
import { clearedCookie, readSession, requireSameOrigin, sessionToken } from '../auth/session';
import {
  clientIp,
  endpoint,
  type FunctionContext,
  HttpError,
  hasBearer,
  json,
  readJsonObject,
  tooManyRequests,
} from '../http';
import { failureThrottle } from '../rate-limit';
import { withOpenStore } from '../store-use';
import { type ActionOptions, READ_ONLY_ACTIONS, runStaffAction, staffRequestSchema } from './actions';

/** Large enough for a CSV import of a few thousand listings; Netlify caps request bodies at 6 MB anyway. */
export const STAFF_BODY_LIMIT = 5_000_000;

/** Wrong tokens tolerated per client in a quarter of an hour before it must wait. */
export const STAFF_AUTH_FAILURES = 10;

/** What the staff function needs for one request. */
export interface StaffDeps extends ActionOptions {
  token: string | null;
  openStore: () => Promise<StaffStore>;
  /** Why this deploy refuses writes (a preview); null: it accepts them. */
  writesRefused: string | null;
  log?: (line: string) => void;
}

/** The staff function's handler; `deps` is resolved per request (functions read the configuration lazily). */
/** Wrong credentials per client, for every staff endpoint: `check` throws the 429 once a client is over. */
function staffFailures() {
  const failures = failureThrottle({ limit: STAFF_AUTH_FAILURES, windowMs: 15 * 60_000 });
  return {
    check(client: string) {
      const blocked = failures.blocked(client);
      if (!blocked.ok)
        throw tooManyRequests(blocked.retryAfterSeconds, 'Too many wrong staff credentials: wait and retry');
    },
    failed: (client: string) => failures.failed(client),
  };
}

export function createStaffHandler(deps: (context: FunctionContext) => StaffDeps) {
  const failures = staffFailures();
  return endpoint({ methods: ['POST'] }, async (req, context) => {
    const d = deps(context);
    const client = clientIp(req, context);
    failures.check(client);
    // Authenticate before reading the body: a caller without a credential learns nothing, changes nothing.
    const viaSession = !req.headers.has('authorization') && sessionToken(req) !== null;
    if (!viaSession && !hasBearer(req, d.token)) {
      failures.failed(client);
      throw new HttpError(401, 'Staff token missing or wrong', { 'www-authenticate': 'Bearer' });
    }
    // A browser's session is ambient: another site could make it post, unless the request comes from ours.
    if (viaSession) requireSameOrigin(req, d.siteUrl ?? null);
    try {
      return await withOpenStore({ open: d.openStore, name: 'Staff', log: d.log }, async (store) => {
        const who = viaSession ? await staffSession(req, store, () => failures.failed(client)) : 'staff-api';
        const parsed = staffRequestSchema.safeParse(await readJsonObject(req, STAFF_BODY_LIMIT));
        if (!parsed.success) throw new HttpError(400, 'Invalid staff request', {}, fieldErrors(parsed.error));
        if (d.writesRefused && !READ_ONLY_ACTIONS.has(parsed.data.action))
          throw new HttpError(403, d.writesRefused);
        // A signed-in member is who the audit names, whatever the request claims.
        const request =
          viaSession && 'actor' in parsed.data ? { ...parsed.data, actor: undefined } : parsed.data;
        // Links in e-mails (renewal, "now live") point at the configured origin, never the request's Host.
        return json(200, await runStaffAction(store, request, who, d));
      });
    } catch (error) {
      if (error instanceof StaffInputError) throw new HttpError(400, error.message);
      throw error;
    }
  });
}

/** The signed-in staff member's address, the audit's "who"; 401 for a dead session, 403 for one that is not staff. */
async function staffSession(req: Request, store: StaffStore, failed: () => void): Promise<string> {
  const session = await readSession(req, store);
  if (!session) {
    failed();
    throw new HttpError(401, 'Your session has ended: please sign in again', {
      'set-cookie': clearedCookie(req),
    });
  }
  if (!session.isStaff) throw new HttpError(403, 'This account may not use the staff console');
  return session.email;
}

/** What the staff photo route needs: who may look, and where private photos are. */
export interface StaffPhotoDeps {
  token: string | null;
  openStore: () => Promise<StaffStore>;
  photos: () => PhotoStorage;
}

const PHOTO_PATH = /^\/api\/staff\/photos\/([A-Za-z0-9_-]{11})\/(\d{1,4}\.(?:avif|webp|jpg))$/;

/**
 * GET /api/staff/photos/<id>/<file>: a photo's private file, for staff reviewing a listing whose photos are not public
 * yet. Only for a staff session or the staff token; never cached anywhere.
 */
export function createStaffPhotoHandler(deps: (context: FunctionContext) => StaffPhotoDeps) {
  const failures = staffFailures();
  return endpoint({ methods: ['GET'] }, async (req, context) => {
    const d = deps(context);
    const client = clientIp(req, context);
    failures.check(client);
    const match = PHOTO_PATH.exec(new URL(req.url).pathname);
    if (!match) throw new HttpError(404, 'No such photo');
    if (!hasBearer(req, d.token)) {
      if (req.headers.has('authorization') || !sessionToken(req)) {
        failures.failed(client);
        throw new HttpError(401, 'Sign in as staff to see this photo');
      }
      await withOpenStore({ open: d.openStore, name: 'Staff' }, (store) =>
        staffSession(req, store, () => failures.failed(client)),
      );
    }
    const [, id = '', name = ''] = match;
    const bytes = await d.photos().read(id, name);
    if (!bytes) throw new HttpError(404, 'No such photo');
    return new Response(new Uint8Array(bytes), {
      status: 200,
      headers: { 'content-type': contentTypeOf(name), 'cache-control': 'private, no-store' },
    });
  });
}
