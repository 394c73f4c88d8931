/**
 * The alert form's fixed parts, without zod: the browse view's island imports them, and the schema
 * (./saved-search.ts) loads only when the form is used.
 */

/** How often an alert e-mails: each time listings are published, or once a week (docs/saved-searches.md). */
export const ALERT_FREQUENCIES = ['instant', 'weekly'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** Longest query string an alert keeps (the browse view's URL query). */
export const MAX_ALERT_QUERY = 2000;

/** The choices of how often, as the form shows them. */
export const FREQUENCY_CHOICES = [
  { value: 'instant', label: 'As soon as they are published' },
  { value: 'weekly', label: 'Once a week (digest)' },
] as const;

/** The alert form's fields; the query comes from the browse view's filters when it is sent. */
export interface SavedSearchFormState {
  email: string;
  frequency: string;
  query: string;
}
export const EMPTY_SAVED_SEARCH: SavedSearchFormState = { email: '', frequency: 'instant', query: '' };
