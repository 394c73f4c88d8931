import { requiredChoice, requiredEmail } from './fields';
import { ALERT_FREQUENCIES, MAX_ALERT_QUERY } from './saved-search-fields';
import { z } from './z';

export * from './saved-search-fields';

/** "E-mail me new listings like these": an address, how often, and the browse view's query string. */
export const savedSearchSchema = z.object({
  email: requiredEmail('Email is required'),
  frequency: requiredChoice(ALERT_FREQUENCIES, 'Please choose how often'),
  query: z
    .string({ error: 'The search to save is missing' })
    .max(MAX_ALERT_QUERY, 'This search is too long to save'),
});
export type SavedSearchInput = z.output<typeof savedSearchSchema>;
