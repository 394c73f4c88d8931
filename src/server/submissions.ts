import type { OutgoingEmail, Store } from '../data/store';
import { type PossibleDuplicate, possibleDuplicates } from '../domain/duplicates';
import { formColumns } from '../domain/form-fields';
import { safeHttpUrl } from '../domain/format';
import { type CoordinateSource, type FindPlace, placeByAddress } from '../domain/places/placement';
import type { NewListing } from '../domain/schemas/listing';
import { type Submission, submissionSchema } from '../domain/schemas/submission';
import { listingSlug } from '../domain/slug';
import { submissionEmails } from './email/compose';
import type { EmailConfig } from './email/config';
import type { MailTransport } from './email/transport';
import { type DepsSource, type FormDeps, formHandler, storeCall } from './form-handler';
import { json } from './http';
import { errorText } from './log';
import { deliverDue } from './outbox';

/** What the form handlers need; the function files wire these from the configuration, tests from a test store. */
export interface WriteDeps extends FormDeps {
  store: () => Promise<Store>;
  transport: MailTransport;
  email: EmailConfig;
  /** Where the gazetteer is read when a submission comes without coordinates (D28), given the request. */
  places: (req: Request) => FindPlace;
}

/** The submit handler's dependencies: the form's, plus the public origin the owner's receipt links to. */
export interface SubmitDeps extends WriteDeps {
  /** Public origin of the site's links (config.siteUrl; never the request's Host). */
  siteUrl: string;
}

/** A submission with its coordinates settled (D28): its own, else its ZIP code's, town's or state's. */
export type PlacedSubmission = Submission & {
  latitude: number;
  longitude: number;
  coordinatesSource: CoordinateSource;
};

/** Places a submission without coordinates from the offline gazetteer (D28; never the fixed New York pair). */
export async function placeSubmission(s: Submission, find: FindPlace): Promise<PlacedSubmission> {
  if (s.latitude !== null && s.longitude !== null) {
    return { ...s, latitude: s.latitude, longitude: s.longitude, coordinatesSource: 'given' };
  }
  const at = await placeByAddress(find, { zip: s.zipCode, city: s.city, state: s.state });
  return { ...s, latitude: at.latitude, longitude: at.longitude, coordinatesSource: at.source };
}

/** The stored listing row of a submission (spec section 7, call 2): owner name and e-mail stay out of it (D7). */
export function toNewListing(s: PlacedSubmission): NewListing {
  return {
    slug: listingSlug(s.propertyName, s.city, s.state),
    ...formColumns(s),
    latitude: s.latitude,
    longitude: s.longitude,
    // The form does not ask for these; staff may add them later.
    public_email: null,
    features: [],
    images: [],
    photos: s.photos,
    coordinates_source: s.coordinatesSource,
  };
}

/** Delivers the e-mails of one stored row now; false when any was not sent (they stay queued for retry). */
export async function notifyNow(
  deps: Pick<WriteDeps, 'transport' | 'email' | 'log'>,
  store: Parameters<typeof deliverDue>[0],
  relatedId: string,
  expected: number,
) {
  const log = deps.log ?? console.error;
  try {
    const report = await deliverDue(store, deps.transport, { from: deps.email.from, relatedId, log });
    // Fewer than expected when one was over its recipient's daily limit and never queued (the answer must not say).
    return report.sent <= expected && report.failed === 0;
  } catch (error) {
    log(`Immediate e-mail delivery failed, the outbox will retry: ${errorText(error)}`);
    return false;
  }
}

/**
 * What every form does with valid input: store its row and e-mails in one call (D24), then send the e-mails. 201 with
 * the row's id and whether they went out (the outbox retries what did not).
 */
export async function storeAndNotify(
  deps: WriteDeps,
  emails: OutgoingEmail[],
  save: (store: Store) => Promise<string>,
): Promise<Response> {
  const log = deps.log ?? console.error;
  const store = await storeCall(deps.store, log);
  const id = await storeCall(() => save(store), log);
  const notified = await notifyNow(deps, store, id, emails.length);
  return json(201, { id, notified });
}

/** The success-looking answer a filled honeypot gets: nothing is stored or sent (D23). */
export const decoyAnswer = () => json(201, { id: crypto.randomUUID(), notified: true });

/** POST /api/listings: validates, stores the pending listing with its e-mails atomically, then sends them. */
export function createSubmitHandler(source: DepsSource<SubmitDeps>) {
  return formHandler({
    schema: submissionSchema,
    deps: source,
    decoy: decoyAnswer,
    async accept(input, deps, req) {
      const submission = await placeSubmission(input, deps.places(req));
      const emails = submissionEmails(submission, deps.email, deps.siteUrl);
      const owner = { owner_name: submission.ownerName, email: submission.email };
      return storeAndNotify(deps, emails, async (store) => {
        const { id } = await store.submitListing(toNewListing(submission), owner, emails);
        return id;
      });
    },
  });
}

/** The stored listings a placed submission may duplicate; empty when none. */
export async function submissionDuplicates(
  store: Pick<Store, 'duplicateCandidates'>,
  s: PlacedSubmission,
): Promise<PossibleDuplicate[]> {
  const probe = {
    property_name: s.propertyName,
    phone: s.phone,
    website_url: safeHttpUrl(s.website),
    latitude: s.latitude,
    longitude: s.longitude,
  };
  return possibleDuplicates(probe, await store.duplicateCandidates(probe));
}

/**
 * POST /api/listings/duplicates: the same body as a submission, checked before it is sent; 200 with the listings it
 * may duplicate (the form warns and links to them; the owner may still submit). Stores nothing; rate-limited with
 * the submissions.
 */
export function createDuplicateCheckHandler(source: DepsSource<WriteDeps>) {
  return formHandler({
    schema: submissionSchema,
    deps: source,
    decoy: () => json(200, { duplicates: [] }),
    async accept(input, deps, req) {
      const submission = await placeSubmission(input, deps.places(req));
      const log = deps.log ?? console.error;
      const store = await storeCall(deps.store, log);
      const duplicates = await storeCall(() => submissionDuplicates(store, submission), log);
      return json(200, { duplicates });
    },
  });
}
