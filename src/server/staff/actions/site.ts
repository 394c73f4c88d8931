/** The whole directory: export and import as CSV, the public site's rebuild, and the audit trail. */
import { randomUUID } from 'node:crypto';
import { describeProblem, listingsToCsv, parseImportCsv } from '../../../data/csv';
import { StaffInputError } from '../../../data/staff-store';
import { defineActions, load, withRebuild } from './context';

export const siteActions = defineActions({
  export: {
    readOnly: true,
    handler: async (_, { store }) => {
      const all = await store.all();
      return { message: `${all.length} listing(s)`, csv: listingsToCsv(all) };
    },
  },
  import: {
    readOnly: false,
    handler: async (request, context) => {
      const { rows, problems } = parseImportCsv(request.csv, randomUUID);
      if (problems.length) {
        const shown = problems.slice(0, 50).map(describeProblem).join('\n');
        const more = problems.length > 50 ? `\n...and ${problems.length - 50} more` : '';
        throw new StaffInputError(`Nothing imported: ${problems.length} problem(s)\n${shown}${more}`);
      }
      const n = await context.store.importListings(rows, context.by);
      return withRebuild(context, { message: `Imported ${n} listing(s)` });
    },
  },
  rebuild: {
    readOnly: false,
    handler: (_, context) => withRebuild(context, { message: 'Rebuild requested' }),
  },
  'rebuild-status': {
    readOnly: true,
    handler: async (_, { store }) => {
      const state = await store.rebuildState();
      const message = state.pending ? 'A rebuild is pending' : 'The site is up to date with the last change';
      return { message, rebuildState: state };
    },
  },
  audit: {
    readOnly: true,
    handler: async (request, { store }) => {
      const listing = request.id ? await load(store, request.id) : null;
      const audit = await store.audit(listing?.id);
      const shown = listing ? audit : audit.slice(-100);
      return { message: `${audit.length} audit entr${audit.length === 1 ? 'y' : 'ies'}`, audit: shown };
    },
  },
});
