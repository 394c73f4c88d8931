/** Renewal of verification: staff re-verify a listing, run the renewal job, and see what is due. */
import { StaffInputError } from '../../../data/staff-store';
import { describeRun, runRenewals } from '../../renewals';
import { defineActions, load, withRebuild } from './context';

export const freshnessActions = defineActions({
  renew: {
    readOnly: false,
    handler: async (request, context) => {
      const { store, by } = context;
      const listing = await load(store, request.id);
      if (listing.verification_status !== 'verified')
        throw new StaffInputError(`${listing.slug} is ${listing.verification_status}: verify it instead`);
      const at = await store.renew(listing.id, by);
      return withRebuild(context, {
        message: `${listing.slug}: re-verified (${at})`,
        listing: await load(store, listing.id),
      });
    },
  },
  renewals: {
    readOnly: false,
    handler: async (request, { store, options }) => {
      const only = request.id ? (await load(store, request.id)).id : undefined;
      const run = await runRenewals(store, {
        ...(only ? { only } : {}),
        now: request.now ? new Date(request.now) : new Date(),
        siteUrl: options.siteUrl ?? '',
        ...(options.deliver ? { deliver: options.deliver } : {}),
      });
      return { message: describeRun(run), renewals: await store.openRenewals() };
    },
  },
  'renewals-list': {
    readOnly: true,
    handler: async (_, { store }) => {
      const renewals = await store.openRenewals();
      const staff = renewals.filter((r) => r.escalated_at).length;
      return {
        message: `${renewals.length} listing(s) due for re-verification, ${staff} for staff to decide`,
        renewals,
      };
    },
  },
});
