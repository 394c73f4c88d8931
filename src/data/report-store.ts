import type { ListingReport, ReportResolution } from '../domain/schemas/report';
import type { OpenReport } from '../domain/staff/rows';
import type { OutgoingEmail } from './store';

// The row type lives in the domain (the console reads it too); re-exported for the store's callers.
export type { OpenReport };

/** Stores a report counted in a rate-limit bucket: the id, or why not (unknown listing, wait seconds). */
export interface ReportWriter {
  reportListing(
    report: ListingReport,
    bucket: string,
    limit: number,
    windowSeconds: number,
  ): Promise<{ id: string } | { unknownListing: true } | { waitSeconds: number }>;
}

/** The staff side: the queue, and resolving a report once (the reporter's e-mail queued with it). */
export interface ReportStaffStore {
  openReports(): Promise<OpenReport[]>;
  /** The reporter's address ('' for none), or null when the report is unknown or resolved already. */
  resolveReport(
    id: string,
    resolution: ReportResolution,
    actor: string,
    email: OutgoingEmail | null,
  ): Promise<string | null>;
}

export const REPORT_SQL =
  'select report_id::text as report_id, wait from public.report_listing($1, $2, $3, $4, $5, $6, $7)';

/** The SQL function's answer as the port's. */
export function reportOutcome(row: { report_id: string | null; wait: number } | undefined) {
  if (row?.report_id) return { id: row.report_id };
  if (!row || row.wait < 0) return { unknownListing: true as const };
  return { waitSeconds: row.wait };
}
