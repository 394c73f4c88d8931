/** The newsletter's addresses, for the mailing tool. */
import { subscribersToCsv } from '../../../data/csv';
import { defineActions } from './context';

export const newsletterActions = defineActions({
  'newsletter-export': {
    readOnly: true,
    handler: async (_, { store }) => {
      // Confirmed addresses only: pending ones never agreed, unsubscribed ones withdrew.
      const subscribers = await store.confirmedSubscribers();
      return { message: `${subscribers.length} confirmed subscriber(s)`, csv: subscribersToCsv(subscribers) };
    },
  },
});
