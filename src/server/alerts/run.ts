import type { AlertStore } from '../../data/alert-store';
import type { Store } from '../../data/store';
import { toBrowseListing } from '../../domain/browse-data';
import { matchSavedSearch, savedFilters } from '../../domain/saved-search';
import { listingPath } from '../../domain/slug';
import type { EmailConfig } from '../email/config';
import type { MailTransport } from '../email/transport';
import { deliverDue } from '../outbox';
import { alertMatchesEmail } from './email';

/** What an alert run needs: the stores, the mail transport, and the public site its links and pages are on. */
export interface AlertRunDeps {
  alerts: AlertStore;
  outbox: Pick<Store, 'dueEmails' | 'markEmailSent' | 'markEmailFailed'>;
  transport: MailTransport;
  email: EmailConfig;
  /** The public origin (SITE_URL in production, the local server's address locally). */
  siteUrl: string;
  /** Whether a listing's page is served (default: a HEAD request to the site). */
  isServed?: (slug: string) => Promise<boolean>;
  log?: (line: string) => void;
}

/** Listings checked per run: the queue is drained over runs when a big import was verified at once. */
const BATCH = 500;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** A weekly schedule may fire a little early: a digest is due after six and a half days. */
const DIGEST_SLACK_MS = 12 * 60 * 60 * 1000;

/** True when the listing's page answers on the site: the deploy that publishes it is live. */
export function servedOn(siteUrl: string) {
  return async (slug: string) => {
    try {
      const response = await fetch(new URL(listingPath(slug), siteUrl), {
        method: 'HEAD',
        signal: AbortSignal.timeout(5000),
      });
      return response.ok;
    } catch {
      return false;
    }
  };
}

/** What one run did. */
export interface AlertRunReport {
  checked: number;
  emails: number;
  digests: number;
}

/**
 * The alert check after a publish (docs/saved-searches.md): the queued listings whose page is served now are matched
 * against every active alert with the browse view's rules; each alert's new matches are recorded once, with the
 * e-mail carrying them, in one transaction; then the e-mails go out (the outbox retries what fails). Weekly alerts
 * record their matches for the digest. Listings not served yet wait for the next run.
 */
export async function checkAlerts(deps: AlertRunDeps): Promise<Omit<AlertRunReport, 'digests'>> {
  const queued = await deps.alerts.queuedListings(BATCH);
  const served = deps.isServed ?? servedOn(deps.siteUrl);
  const ready: string[] = [];
  for (const q of queued) if (await served(q.slug)) ready.push(q.id);
  if (ready.length === 0) return { checked: 0, emails: 0 };
  const runId = crypto.randomUUID();
  const result = await deps.alerts.checkAlerts(ready, async (check) => {
    const records = check.listings.map((listing) => ({ ...toBrowseListing(listing), listing }));
    let emails = 0;
    for (const alert of check.alerts) {
      const matched = matchSavedSearch(records, savedFilters(alert.query), alert.origin);
      const instant = alert.frequency === 'instant';
      const fresh = new Set(
        await check.record(
          alert.id,
          matched.map((m) => m.listing.id),
          instant,
        ),
      );
      if (!instant || fresh.size === 0) continue;
      const listings = matched.map((m) => m.listing).filter((l) => fresh.has(l.id));
      await check.enqueue(alertMatchesEmail(alert, listings, deps.siteUrl, false), runId);
      emails += 1;
    }
    return { checked: check.listings.length, emails };
  });
  if (result.emails > 0) await deliver(deps, runId);
  return result;
}

/** The weekly digests due: each weekly alert with waiting matches, a week after its last digest (or confirmation). */
export async function sendDigests(deps: AlertRunDeps, now = new Date()): Promise<number> {
  const runId = crypto.randomUUID();
  const dueBefore = new Date(now.getTime() - WEEK_MS + DIGEST_SLACK_MS);
  const sent = await deps.alerts.digestAlerts(dueBefore, async (run) => {
    let n = 0;
    for (const { alert, listings } of run.due) {
      await run.markSent(alert.id);
      if (listings.length === 0) continue;
      await run.enqueue(alertMatchesEmail(alert, listings, deps.siteUrl, true), runId);
      n += 1;
    }
    return n;
  });
  if (sent > 0) await deliver(deps, runId);
  return sent;
}

/** The run's e-mails, right after commit; whatever fails stays in the outbox for its retries. */
async function deliver(deps: AlertRunDeps, runId: string) {
  const log = deps.log ?? console.error;
  await deliverDue(deps.outbox, deps.transport, { from: deps.email.from, relatedId: runId, log }).catch(
    (error: Error) => log(`Alert e-mails wait in the outbox: ${error.message}`),
  );
}

/** Both: the check after a publish, then the digests due. */
export async function runAlerts(deps: AlertRunDeps): Promise<AlertRunReport> {
  const { checked, emails } = await checkAlerts(deps);
  const digests = await sendDigests(deps);
  return { checked, emails, digests };
}
