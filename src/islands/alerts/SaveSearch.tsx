import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { filtersToParams } from '../../domain/filter-params';
import { isNearMe } from '../../domain/location';
import { DEFAULT_FILTERS, hasActiveFilters } from '../../domain/schemas/filters';
import { HONEYPOT_FIELD } from '../../domain/schemas/forms';
import {
  EMPTY_SAVED_SEARCH,
  FREQUENCY_CHOICES,
  type SavedSearchFormState,
} from '../../domain/schemas/saved-search-fields';
import { $filters } from '../../stores/filters';
import { EmailField, Honeypot, SelectField, SendFailure, SubmitButton } from '../forms/form-controls';
import { lazyCheck } from '../forms/send-form';
import { useFormSubmission } from '../forms/use-form-submission';
import { Problem } from '../shared/Problem';

const fieldId = (f: string) => `alert-${f}`;
const alertCheck = lazyCheck(() =>
  import('../../domain/schemas/saved-search').then((m) => m.savedSearchSchema),
);

/**
 * "E-mail me new listings like these" under a browse view with at least one filter (docs/saved-searches.md): the
 * filters go as the URL writes them, so the alert follows the browse view's rules. Closed until asked for.
 */
export default function SaveSearch() {
  // The server renders no filter (the store is shared by every page the build renders); the browser, the URL's.
  const filters = useStore($filters, { ssr: () => DEFAULT_FILTERS });
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const { bind, busy, failure, errors, trap, setTrap, onSubmit } = useFormSubmission<SavedSearchFormState>({
    empty: EMPTY_SAVED_SEARCH,
    endpoint: '/api/alerts',
    check: alertCheck,
    fieldId,
    extra: () => ({ values: { query: filtersToParams($filters.get()).toString() } }),
    onStored: (_notified, reset) => {
      setSent(true);
      reset();
      return false;
    },
    failureToast: { title: 'Alert not saved', description: 'Please try again in a moment.' },
  });
  // An empty box rather than nothing: an island always has an element once hydrated.
  if (!hasActiveFilters(filters) || isNearMe(filters.location)) return <div hidden />;
  if (sent)
    return (
      <p
        role="status"
        className="mt-6 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-emerald-900"
      >
        Almost done: please open the link we just e-mailed you to start this alert.
      </p>
    );
  return (
    <section aria-labelledby="save-search-heading" className="mt-6 rounded-lg border border-stone-200 p-4">
      <h2 id="save-search-heading" className="font-semibold text-lg">
        <button type="button" aria-expanded={open} onClick={() => setOpen(!open)} className="underline">
          E-mail me new listings like these
        </button>
      </h2>
      {open && (
        <form
          method="post"
          noValidate
          onSubmit={onSubmit}
          onFocus={alertCheck.preload}
          className="mt-3 space-y-3"
        >
          <p className="text-sm text-stone-700">
            We e-mail you when a new listing matches these filters. You confirm by e-mail first, and every
            alert has a one-click unsubscribe.
          </p>
          <Problem message={errors.query} />
          <EmailField {...bind('email')} label="Your e-mail" />
          <SelectField
            {...bind('frequency')}
            label="How often"
            required
            placeholder="Choose one"
            options={FREQUENCY_CHOICES}
          />
          <Honeypot name={HONEYPOT_FIELD} value={trap} onChange={setTrap} />
          <SubmitButton busy={busy} label="Save this search" busyLabel="Saving..." />
          <SendFailure failure={failure} kept="Your e-mail is still here." />
        </form>
      )}
    </section>
  );
}
