/**
 * Owners over HTTP, on the staff sign-in's sessions (D30):
 * - POST /api/owner/claim `{ slug, name, email, role, proof }`: anyone; a claim for staff to decide (rate-limited).
 * - GET /api/owner/listings: the signed-in owner's listings and what waits for review (email null: nobody signed in).
 * - POST /api/owner/edit `{ slug, ...the list-property form's public fields }`: a pending change (D31).
 * - POST /api/owner/unpublish `{ slug, note }`: a pending request to take the listing off the site.
 * An owner reaches only their own listings: checked here against the session and again by the SQL functions.
 */

import { randomUUID } from 'node:crypto';
import { NotYourListing, type StaffNotice } from '../../data/owner-store';
import { StaffInputError, type StaffListing, type StaffStore } from '../../data/staff-store';
import { changedFields, claimSchema, ownerEditSchema, unpublishSchema } from '../../domain/schemas/owner';
import { afterResponse } from '../after-response';
import { readSession, requireSameOrigin, tokenHash } from '../auth/session';
import { parseForm } from '../form-handler';
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
import { limitOrRefuse, type StoreOpening, withOpenStore } from '../store-use';
import { staffNoticeEmail } from './emails';

export interface OwnerDeps {
  openStore: () => Promise<StaffStore>;
  /** Public origin of the links e-mailed (configuration; never the request's Host). */
  siteUrl: string;
  /** Where staff hear of a new claim or change (STAFF_EMAIL). */
  staffEmail: string;
  /** Sends the outbox e-mails related to this id now; false when they wait for a retry. */
  deliver: (relatedId: string) => Promise<boolean>;
  /** Why this deploy refuses writes (a preview); null: it accepts them. */
  writesRefused: string | null;
  log?: (line: string) => void;
}

/** Requests per quarter of an hour: claims per client and per address; proposals per owner. */
export const OWNER_LIMITS = {
  claimsPerClient: 5,
  claimsPerAddress: 3,
  proposalsPerOwner: 20,
  windowSeconds: 15 * 60,
};

export const CLAIM_ANSWER =
  'Thank you: our team will check your claim and e-mail you. If this address is already on file for the listing, sign in with it instead.';
export const NOT_YOURS =
  'This listing is not one of yours: sign in with the address on file for it, or claim it.';
export const PROPOSAL_ANSWER =
  'Thank you: our team reviews your change and e-mails you. The listing stays as it is until then.';

async function withStore<T>(deps: OwnerDeps, use: (store: StaffStore) => Promise<T>): Promise<T> {
  const opening: StoreOpening<StaffStore> = { open: deps.openStore, name: 'Owner', log: deps.log };
  try {
    return await withOpenStore(opening, use);
  } catch (error) {
    if (error instanceof NotYourListing) throw new HttpError(403, NOT_YOURS);
    if (error instanceof StaffInputError) throw new HttpError(400, error.message);
    throw error;
  }
}

const limit = (store: StaffStore, bucket: string, max: number, what: string) =>
  limitOrRefuse(
    store,
    bucket,
    { max, windowSeconds: OWNER_LIMITS.windowSeconds },
    `Too many ${what}. Please wait a few minutes and try again.`,
  );

/** Staff's e-mail about what now waits in a queue, sent at once under its own id (what fails is retried). */
function staffNotice(
  deps: OwnerDeps,
  what: 'claim' | 'edit' | 'unpublish',
  listing: StaffListing,
  from: string,
): StaffNotice {
  return {
    mail: staffNoticeEmail(deps.staffEmail, what, listing, from, deps.siteUrl),
    relatedId: randomUUID(),
  };
}

/** The signed-in owner (or staff member) of the request; 401 when there is none. */
async function ownerSession(req: Request, store: StaffStore) {
  const session = await readSession(req, store);
  if (!session) throw new HttpError(401, 'Please sign in with the e-mail address on file for your listing');
  return session;
}

/** The listing an owner names, when it is theirs: 404 for none, 403 for someone else's. */
async function ownListing(
  store: StaffStore,
  ownerOf: readonly string[],
  slug: string,
): Promise<StaffListing> {
  const listing = await store.find(slug);
  if (!listing) throw new HttpError(404, `No listing "${slug}"`);
  if (!ownerOf.includes(listing.id)) throw new HttpError(403, NOT_YOURS);
  return listing;
}

/** A listing as its owner sees it: the public fields (the private contact stays with staff, D7). */
function publicFields({ owner_email: _e, owner_name: _n, ...listing }: StaffListing) {
  return listing;
}

function claim(deps: OwnerDeps) {
  return endpoint({ methods: ['POST'], minimumMs: NEUTRAL_ANSWER_MS }, async (req, context) => {
    const body = await readJsonObject(req);
    if (deps.writesRefused) throw new HttpError(403, deps.writesRefused);
    return withStore(deps, async (store) => {
      await limit(store, `claim:client:${clientIp(req, context)}`, OWNER_LIMITS.claimsPerClient, 'claims');
      const data = parseForm(claimSchema, body);
      await limit(
        store,
        `claim:address:${tokenHash(data.email.toLowerCase())}`,
        OWNER_LIMITS.claimsPerAddress,
        'claims',
      );
      const listing = await store.find(data.slug);
      // Only public listings can be claimed; any other answers as a slug that names nothing, so the answer does not
      // tell that a listing waits for review or was rejected.
      if (listing?.verification_status !== 'verified') throw new HttpError(404, `No listing "${data.slug}"`);
      const notice = staffNotice(deps, 'claim', listing, `${data.name} <${data.email}>`);
      // The same answer whether or not the address owns the listing: the owner's address stays private (D7). Staff's
      // notice goes after the answer, so its time does not tell either.
      if (
        (await store.requestClaim(data.slug, data.email, data.name, data.role, data.proof, notice)) ===
        'stored'
      )
        afterResponse(context, () => deps.deliver(notice.relatedId), deps.log);
      return json(202, { message: CLAIM_ANSWER });
    });
  });
}

function listings(deps: OwnerDeps) {
  return endpoint({ methods: ['GET'] }, async (req) =>
    withStore(deps, async (store) => {
      // Nobody signed in is a normal answer here, not a failure: the owner page asks on every visit (a claim page
      // opened by a stranger), and a 401 would be logged in the browser's console each time.
      const session = await readSession(req, store);
      if (!session) return json(200, { email: null, staff: false, listings: [] });
      const own = [];
      for (const id of session.ownerOf) {
        const listing = await store.find(id);
        if (listing)
          own.push({
            ...publicFields(listing),
            pending: (await store.changes({ listingId: id })).map((c) => ({
              kind: c.kind,
              created_at: c.created_at,
            })),
          });
      }
      return json(200, { email: session.email, staff: session.isStaff, listings: own });
    }),
  );
}

function propose(deps: OwnerDeps, kind: 'edit' | 'unpublish') {
  return endpoint({ methods: ['POST'] }, async (req) => {
    requireSameOrigin(req, deps.siteUrl);
    if (deps.writesRefused) throw new HttpError(403, deps.writesRefused);
    const body = await readJsonObject(req);
    return withStore(deps, async (store) => {
      const session = await ownerSession(req, store);
      await limit(store, `owner:${tokenHash(session.email)}`, OWNER_LIMITS.proposalsPerOwner, 'changes');
      const slug = typeof body.slug === 'string' ? body.slug : '';
      const listing = await ownListing(store, session.ownerOf, slug);
      const notice = staffNotice(deps, kind, listing, session.email);
      if (kind === 'unpublish') {
        const { note } = parseForm(unpublishSchema, body);
        await store.proposeChange(session.email, listing.id, 'unpublish', {}, note || null, notice);
        await deps.deliver(notice.relatedId);
        return json(202, { message: PROPOSAL_ANSWER });
      }
      const changes = changedFields(listing, parseForm(ownerEditSchema, body));
      if (Object.keys(changes).length === 0)
        throw new HttpError(400, 'Nothing changed: edit a field, then send the form again');
      await store.proposeChange(session.email, listing.id, 'edit', changes, null, notice);
      await deps.deliver(notice.relatedId);
      return json(202, { message: PROPOSAL_ANSWER, changed: Object.keys(changes) });
    });
  });
}

/** One handler for every owner path; `deps` is resolved per request. */
export function createOwnerHandler(deps: (context: FunctionContext) => OwnerDeps) {
  return routeWithDeps(
    deps,
    {
      '/api/owner/claim': claim,
      '/api/owner/listings': listings,
      '/api/owner/edit': (d) => propose(d, 'edit'),
      '/api/owner/unpublish': (d) => propose(d, 'unpublish'),
    },
    'No such owner address',
  );
}
