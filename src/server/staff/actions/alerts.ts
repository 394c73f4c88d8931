/** Saved-search alerts as staff may see them: counts, never an address (docs/saved-searches.md). */
import { defineActions } from './context';

export const alertActions = defineActions({
  'alert-counts': {
    readOnly: true,
    handler: async (_, { store }) => {
      const counts = await store.alertCounts();
      return {
        message: `${counts.active} active, ${counts.paused} paused and ${counts.pending} unconfirmed alert(s) from ${counts.addresses} address(es); ${counts.queued} published listing(s) waiting for the check`,
        alertCounts: counts,
      };
    },
  },
});
