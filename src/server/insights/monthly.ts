/**
 * The monthly figures e-mail to owners (D35, docs/insights.md): last month's counts of each listing they own, the
 * link to update it when something changed (the renewal flow's "still accurate?" question), and a one-click opt-out
 * that needs no sign-in (a random token per e-mail, stored only as its hash; also the List-Unsubscribe header's
 * one-click POST). Once per owner and month, whatever runs the job twice.
 */
import type { InsightsStore, MonthlyOwner } from '../../data/insights-store';
import type { OutgoingEmail } from '../../data/store';
import { FIGURE_LABELS, OWNER_FIGURES } from '../../domain/insights-figures';
import { SITE_NAME } from '../../domain/lists';
import { listingPath, ownerEditPath } from '../../domain/slug';
import { isToken, newToken, tokenHash } from '../auth/session';
import { unsubscribeHeaders } from '../email/compose';
import { escapeHtml } from '../email/text';
import { endpoint, type FunctionContext, HttpError, json } from '../http';
import type { RateLimit } from '../rate-limit';
import { openStore } from '../store-use';

/** The month before `now`'s, as its first day ('YYYY-MM-01') and its name ("October 2026"). */
export function previousMonth(now: Date) {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return {
    month: first.toISOString().slice(0, 10),
    name: first.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  };
}

export const optOutPath = (token: string) => `/api/insights/opt-out?token=${token}`;

export function monthlyEmail(
  owner: MonthlyOwner,
  monthName: string,
  token: string,
  site: string,
): OutgoingEmail {
  const e = escapeHtml;
  const optOut = `${site}${optOutPath(token)}`;
  const blocks = owner.listings.map((l) => {
    const lines = OWNER_FIGURES.map((k) => `${FIGURE_LABELS[k]}: ${l.counts[k] ?? 0}`);
    return {
      text: `${l.property_name} (${site}${listingPath(l.slug)})\n${lines.map((x) => `  ${x}`).join('\n')}\nStill accurate? If anything changed, update it: ${site}${ownerEditPath(l.slug)}\n`,
      html: `<h2>${e(l.property_name)}</h2><ul>${lines.map((x) => `<li>${e(x)}</li>`).join('')}</ul><p>Still accurate? <a href="${e(`${site}${ownerEditPath(l.slug)}`)}">If anything changed, update it</a>.</p>`,
    };
  });
  return {
    kind: 'insights_monthly',
    to_address: owner.email,
    subject: `Your listing's figures for ${monthName}`,
    text_body:
      `Hello,\n\nWhat travelers did on ${SITE_NAME} in ${monthName} (counts only: we never track who they are):\n\n` +
      `${blocks.map((b) => b.text).join('\n')}\nEvery figure, and your badge: ${site}/owner\n\n` +
      `No more monthly figures? One click: ${optOut}\n`,
    html_body:
      `<p>Hello,</p><p>What travelers did on ${e(SITE_NAME)} in ${e(monthName)} (counts only: we never track who they are):</p>` +
      `${blocks.map((b) => b.html).join('')}<p><a href="${e(`${site}/owner`)}">Every figure, and your badge</a></p>` +
      `<p><a href="${e(optOut)}">No more monthly figures</a></p>`,
    headers: unsubscribeHeaders(optOut),
  };
}

/** Queues last month's e-mail for every owner not yet mailed for it; how many were queued. */
export async function runMonthlyInsights(
  store: InsightsStore,
  options: { now: Date; siteUrl: string; deliver?: () => Promise<unknown> },
): Promise<number> {
  const { month, name } = previousMonth(options.now);
  let queued = 0;
  for (const owner of await store.monthlyOwners(month)) {
    const token = newToken();
    if (
      await store.recordMailing(
        owner.email,
        month,
        tokenHash(token),
        monthlyEmail(owner, name, token, options.siteUrl),
      )
    )
      queued += 1;
  }
  if (queued > 0) await options.deliver?.();
  return queued;
}

/**
 * GET|POST /api/insights/opt-out?token=: the e-mail's link (GET, then a page saying so) and the mail client's
 * one-click button (POST, RFC 8058). No sign-in: the token is the proof.
 */
export function createOptOutHandler(
  deps: (context: FunctionContext) => { store: () => Promise<InsightsStore> },
  rateLimit: RateLimit,
) {
  return endpoint({ methods: ['GET', 'POST'], rateLimit }, async (req, context) => {
    const token = new URL(req.url).searchParams.get('token');
    if (!isToken(token))
      throw new HttpError(400, 'This link is incomplete: please open the whole link from the e-mail.');
    const store = await openStore({ open: deps(context).store, name: 'Insights' });
    if (!(await store.optOut(tokenHash(token))))
      throw new HttpError(404, 'This link is unknown or no longer valid.');
    if (req.method === 'POST') return json(200, { optedOut: true });
    return new Response(null, { status: 303, headers: { location: '/owner/figures-stopped' } });
  });
}
