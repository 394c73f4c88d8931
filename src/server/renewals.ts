/**
 * Renewal of verification. A listing not re-verified for 12 months is due: its owner gets one "still
 * accurate?" e-mail per due period (the store makes that idempotent: the job may run any number of times), and an
 * unanswered reminder goes to staff after 60 more days. `now` is the caller's clock (tests, the staff CLI).
 */
import type { DueRenewal, RenewalStore } from '../data/renewal-store';
import type { StaffStore } from '../data/staff-store';
import type { OutgoingEmail } from '../data/store';
import { listingPath, ownerEditPath } from '../domain/slug';
import { isToken, newToken, tokenHash } from './auth/session';
import { escapeHtml } from './email/text';
import {
  clientIp,
  endpoint,
  type FunctionContext,
  type FunctionHandler,
  HttpError,
  json,
  readJsonObject,
} from './http';
import { requestRebuild } from './staff/rebuild-signal';
import { limitOrRefuse, type StoreOpening, withOpenStore } from './store-use';

/** The one-click "still accurate?" e-mail; the token rides in the fragment, so a mail scanner cannot use it. */
export function renewalEmail(
  due: DueRenewal & { owner_email: string },
  token: string,
  site: string,
): OutgoingEmail {
  const name = due.owner_name ?? 'there';
  const confirm = `${site}/renewal/confirm#${token}`;
  const changed = `${site}${ownerEditPath(due.slug)}`;
  const page = `${site}${listingPath(due.slug)}`;
  const e = escapeHtml;
  return {
    kind: 'renewal_request',
    to_address: due.owner_email,
    subject: `Is "${due.property_name}" still accurate?`,
    text_body:
      `Hi ${name},\n\nIt has been a year since we verified ${due.property_name}:\n${page}\n\n` +
      `Still accurate? Confirm with one click:\n${confirm}\n\nSomething changed? Update your listing:\n${changed}\n`,
    html_body:
      `<p>Hi ${e(name)},</p><p>It has been a year since we verified <a href="${e(page)}">${e(due.property_name)}</a>.</p>` +
      `<p><a href="${e(confirm)}">Yes, it is still accurate</a></p><p><a href="${e(changed)}">Something changed</a></p>`,
  };
}

export interface RenewalRun {
  /** Reminders e-mailed (queued in the outbox) this run. */
  mailed: number;
  /** Due listings without an owner address: in the staff queue only. */
  unmailed: number;
  /** Reminders handed to staff this run (60 days unanswered). */
  escalated: number;
}

/** One pass of the job as of `now`; `deliver` sends a listing's queued e-mail at once (else the outbox does). */
export async function runRenewals(
  store: RenewalStore,
  options: {
    now: Date;
    siteUrl: string;
    deliver?: (listingId: string) => Promise<unknown>;
    /** One listing's reminder only (staff asking one owner now); absent: every due listing. */
    only?: string;
  },
): Promise<RenewalRun> {
  const run: RenewalRun = { mailed: 0, unmailed: 0, escalated: 0 };
  const dueList = (await store.renewalsDue(options.now)).filter(
    (d) => !options.only || d.listing_id === options.only,
  );
  for (const due of dueList) {
    const token = newToken();
    const email = due.owner_email
      ? renewalEmail({ ...due, owner_email: due.owner_email }, token, options.siteUrl)
      : null;
    if (!(await store.startRenewal(due.listing_id, tokenHash(token), options.now, email))) continue;
    if (email) {
      run.mailed += 1;
      await options.deliver?.(due.listing_id);
    } else run.unmailed += 1;
  }
  run.escalated = await store.escalateRenewals(options.now);
  return run;
}

export const describeRun = (r: RenewalRun) =>
  `${r.mailed} renewal e-mail(s) queued, ${r.unmailed} due listing(s) without an owner address, ${r.escalated} handed to staff`;

export const BAD_RENEWAL_LINK =
  'This link was already used or is no longer valid. If your listing needs a change, sign in as its owner.';

export interface RenewalDeps {
  openStore: () => Promise<StaffStore>;
  hookUrl: string | null;
  localRebuild?: (() => void) | undefined;
}

/** Owner confirmations per client and window: a token cannot be guessed, but nobody may hammer the database. */
export const RENEWAL_CONFIRM_LIMIT = { perClient: 20, windowSeconds: 15 * 60 };

/**
 * POST /api/renewal/confirm {token}: the owner's "still accurate" renews the listing's date, which the site shows,
 * so it asks for a rebuild as a staff decision does (D5).
 */
export function createRenewalHandler(deps: (context: FunctionContext) => RenewalDeps): FunctionHandler {
  return endpoint({ methods: ['POST'] }, async (req, context) => {
    const body = await readJsonObject(req);
    const d = deps(context);
    const opening: StoreOpening<StaffStore> = { open: d.openStore, name: 'Renewal' };
    return withOpenStore(opening, async (store) => {
      await limitOrRefuse(
        store,
        `renewal:client:${clientIp(req, context)}`,
        { max: RENEWAL_CONFIRM_LIMIT.perClient, windowSeconds: RENEWAL_CONFIRM_LIMIT.windowSeconds },
        'Too many attempts. Please wait a few minutes and try again.',
      );
      if (!isToken(body.token)) throw new HttpError(400, BAD_RENEWAL_LINK);
      const slug = await store.confirmRenewal(tokenHash(body.token));
      if (!slug) throw new HttpError(400, BAD_RENEWAL_LINK);
      await requestRebuild(store, d.hookUrl, d.localRebuild);
      return json(200, { slug, message: 'Thank you: your listing is confirmed as accurate.' });
    });
  });
}
