import type { AlertStore } from '../../data/alert-store';
import {
  describeSearch,
  savedFilters,
  savedNear,
  savedQuery,
  unsavableReason,
} from '../../domain/saved-search';
import { savedSearchSchema } from '../../domain/schemas/saved-search';
import { landing, linkEndpoint, linkToken } from '../email-link';
import { type DepsSource, formHandler, storeCall } from '../form-handler';
import { type FunctionContext, HttpError, json, readJsonObject } from '../http';
import type { RateLimit } from '../rate-limit';
import { notifyNow, type WriteDeps } from '../submissions';
import { alertConfirmEmail } from './email';

/** What the alert form needs: the form's dependencies, the alert store and the public origin of its links. */
export interface AlertDeps extends WriteDeps {
  alerts: () => Promise<AlertStore>;
  /** Public origin of the site; null: the request's own origin (locally). */
  siteUrl: string | null;
}

/** The answer to any valid request, new alert or not: it never tells what an address has saved. */
export const ALERT_CHECK_INBOX =
  'Almost done: please open the link we just e-mailed you to start this alert.';

const origin = (req: Request, siteUrl: string | null) => siteUrl ?? new URL(req.url).origin;

/** A refusal shown beside the form's search (the filters), with the reason as its field message. */
const searchRefused = (message: string) => new HttpError(400, message, {}, { query: message });

/** POST /api/alerts: a pending alert for the browse view's filters and its confirmation e-mail (double opt-in). */
export function createAlertHandler(source: DepsSource<AlertDeps>) {
  return formHandler({
    schema: savedSearchSchema,
    deps: source,
    decoy: () => json(202, { message: ALERT_CHECK_INBOX }),
    async accept({ email, frequency, query }, deps, req) {
      const log = deps.log ?? console.error;
      const filters = savedFilters(query);
      const reason = unsavableReason(filters);
      if (reason) throw searchRefused(reason);
      // The place of a distance search is settled now: the check after a publish then needs no gazetteer.
      const near = savedNear(filters);
      const place = near
        ? await deps
            .places(req)(near)
            .catch(() => null)
        : null;
      if (near && !place)
        throw searchRefused(
          'We could not find the place of this search: choose it again from the suggestions.',
        );
      const label = describeSearch(filters);
      const tokens = {
        confirm: crypto.randomUUID(),
        unsubscribe: crypto.randomUUID(),
        manage: crypto.randomUUID(),
      };
      const mail = alertConfirmEmail(email, label, origin(req, deps.siteUrl), tokens);
      const alerts = await storeCall(deps.alerts, log);
      // The per-client limit (deps.rateLimit) ran before the body was read; per address, the store keeps at most
      // saved_search_limit() alerts, each confirmed once. A shared per-recipient e-mail limit belongs here.
      const id = await storeCall(
        () =>
          alerts.createAlert(
            {
              email,
              query: savedQuery(filters),
              label,
              origin: place ? { latitude: place.latitude, longitude: place.longitude } : null,
              frequency,
            },
            tokens,
            [mail],
          ),
        log,
      );
      if (id) await notifyNow(deps, await storeCall(deps.store, log), id, 1);
      return json(202, { message: ALERT_CHECK_INBOX });
    },
  });
}

/** The alert links' dependencies: the alert store, per request. */
export interface AlertLinkDeps {
  alerts: () => Promise<AlertStore>;
  log?: (line: string) => void;
}

const MANAGE_ACTIONS = ['pause', 'resume', 'delete'] as const;
type ManageAction = (typeof MANAGE_ACTIONS)[number];

/** GET /api/alerts/manage?token= lists an address's alerts; POST {token, id, action} pauses, resumes or deletes one. */
async function manage(req: Request, alerts: AlertStore, log: (line: string) => void): Promise<Response> {
  if (req.method === 'GET') {
    const token = linkToken(new URL(req.url).searchParams.get('token'));
    const list = await storeCall(() => alerts.listAlerts(token), log);
    if (list.length === 0)
      throw new HttpError(404, 'This link is unknown, or its address has no alerts left.');
    return json(200, { alerts: list });
  }
  const body = await readJsonObject(req);
  const token = linkToken(body.token);
  const id = typeof body.id === 'string' ? body.id : '';
  const action = MANAGE_ACTIONS.find((a) => a === body.action) as ManageAction | undefined;
  if (!action) throw new HttpError(400, 'Choose pause, resume or delete.');
  const done = await storeCall(() => alerts.manageAlert(token, id, action), log);
  if (!done) throw new HttpError(404, 'This alert is not one of this link’s: it may be deleted already.');
  return json(200, { alerts: await storeCall(() => alerts.listAlerts(token), log) });
}

/**
 * GET /api/alerts/confirm?token= (the confirmation link); GET|POST /api/alerts/unsubscribe?token= (the link in every
 * alert, and the mail client's one-click button, RFC 8058); GET|POST /api/alerts/manage (the manage page's calls).
 */
export function createAlertLinkHandler(
  source: (context: FunctionContext) => AlertLinkDeps,
  rateLimit: RateLimit,
) {
  return linkEndpoint(source, rateLimit, async (req, d, log) => {
    const path = new URL(req.url).pathname.replace(/\/$/, '');
    const alerts = await storeCall(d.alerts, log);
    if (path.endsWith('/manage')) return manage(req, alerts, log);
    const token = linkToken(new URL(req.url).searchParams.get('token'));
    if (path.endsWith('/confirm')) {
      if (req.method !== 'GET') throw new HttpError(405, 'Use GET for this address', { allow: 'GET' });
      const status = await storeCall(() => alerts.confirmAlert(token), log);
      if (status === null)
        throw new HttpError(404, 'This confirmation link is unknown, or its alert was deleted.');
      return landing('/alerts/confirmed');
    }
    if (path.endsWith('/unsubscribe')) {
      // A second click finds the alert gone: it is stopped all the same, so both land on the same page.
      await storeCall(() => alerts.unsubscribeAlert(token), log);
      return req.method === 'POST' ? json(200, { unsubscribed: true }) : landing('/alerts/unsubscribed');
    }
    throw new HttpError(404, 'Unknown alerts address');
  });
}
