/**
 * "Report a problem": a traveler's report of a published listing goes to the staff queue; staff resolve
 * it (fixed or dismissed) and the reporter, when they left an address, is told.
 */
import type { OutgoingEmail } from '../data/store';
import {
  type ListingReport,
  type ReportResolution,
  reasonLabel,
  reportSchema,
} from '../domain/schemas/report';
import { listingPath } from '../domain/slug';
import { escapeHtml } from './email/text';
import { type DepsSource, formHandler, storeCall } from './form-handler';
import { clientIp, HttpError, json, tooManyRequests } from './http';
import { decoyAnswer, type WriteDeps } from './submissions';

/** Reports per client and hour, counted in the database (rate_limit_take) so every function instance agrees. */
export const REPORT_LIMIT = { perClient: 5, windowSeconds: 60 * 60 };

export const UNKNOWN_LISTING = 'This listing is not in the directory (any more), so it cannot be reported.';

/** POST /api/reports: validates, counts the client, stores the report (201), or says why not. */
export function createReportHandler(source: DepsSource<WriteDeps>) {
  return formHandler({
    schema: reportSchema,
    deps: source,
    decoy: decoyAnswer,
    async accept(report: ListingReport, deps, req, context) {
      const log = deps.log ?? console.error;
      const store = await storeCall(deps.store, log);
      const bucket = `report:client:${clientIp(req, context)}`;
      const outcome = await storeCall(
        () => store.reportListing(report, bucket, REPORT_LIMIT.perClient, REPORT_LIMIT.windowSeconds),
        log,
      );
      if ('waitSeconds' in outcome)
        throw tooManyRequests(
          outcome.waitSeconds,
          'Thank you, we have your reports. Please wait before sending more.',
        );
      if ('unknownListing' in outcome)
        throw new HttpError(400, UNKNOWN_LISTING, {}, { listing: UNKNOWN_LISTING });
      return json(201, { id: outcome.id, notified: true });
    },
  });
}

/** The reporter's "thank you, we looked at it" e-mail; the store adds their address. */
export function reportResolvedEmail(
  report: { slug: string; property_name: string; reason: string },
  resolution: ReportResolution,
  siteUrl: string | null,
): Omit<OutgoingEmail, 'to_address'> & { to_address: string } {
  const link = `${siteUrl ?? ''}${listingPath(report.slug)}`;
  const outcome =
    resolution === 'fixed'
      ? 'We checked it and corrected the listing. Thank you for helping keep the directory accurate.'
      : 'We checked it and found the listing correct as it is, so we left it unchanged. Thank you all the same.';
  const what = `${reasonLabel(report.reason)}: ${report.property_name}`;
  return {
    kind: 'report_resolved',
    to_address: '',
    subject: `Your report about "${report.property_name}"`,
    text_body: `Hello,\n\nYou reported a problem with a listing (${what}).\n${outcome}\n\n${link}\n`,
    html_body: `<p>Hello,</p><p>You reported a problem with a listing (${escapeHtml(what)}).</p><p>${escapeHtml(outcome)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  };
}
