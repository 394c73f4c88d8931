/** Travelers' reports about listings: the open ones, and resolving one (the reporter is e-mailed). */
import { StaffInputError } from '../../../data/staff-store';
import { reportResolvedEmail } from '../../reports';
import { defineActions } from './context';

export const reportActions = defineActions({
  reports: {
    readOnly: true,
    handler: async (_, { store }) => {
      const reports = await store.openReports();
      const listings = new Set(reports.map((r) => r.listing_id)).size;
      return { message: `${reports.length} open report(s) about ${listings} listing(s)`, reports };
    },
  },
  'report-resolve': {
    readOnly: false,
    handler: async (request, { store, by, options }) => {
      const report = (await store.openReports()).find((r) => r.id === request.id);
      if (!report) throw new StaffInputError(`No open report with id "${request.id}" (resolved already?)`);
      const email = report.email
        ? reportResolvedEmail(report, request.resolution, options.siteUrl ?? null)
        : null;
      const address = await store.resolveReport(report.id, request.resolution, by, email);
      if (address === null) throw new StaffInputError(`Report ${request.id} was resolved meanwhile`);
      const sent = address && options.deliver ? await options.deliver(report.id) : false;
      const mailed = address ? `, e-mail to ${address} ${sent ? 'sent' : 'queued'}` : ', no reply address';
      return {
        message: `Report about ${report.slug} ${request.resolution}${mailed}`,
        reports: await store.openReports(),
      };
    },
  },
});
