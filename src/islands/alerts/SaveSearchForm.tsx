import { filtersToParams } from '../../domain/filter-params';
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

/** The saved search's form (./SaveSearch.tsx loads it when the visitor asks): the browse view's filters go as the URL writes them. */
export function SaveSearchForm({ onSent }: { onSent: () => void }) {
  const { bind, busy, failure, errors, trap, setTrap, onSubmit } = useFormSubmission<SavedSearchFormState>({
    empty: EMPTY_SAVED_SEARCH,
    endpoint: '/api/alerts',
    check: alertCheck,
    fieldId,
    extra: () => ({ values: { query: filtersToParams($filters.get()).toString() } }),
    onStored: (_notified, reset) => {
      onSent();
      reset();
      return false;
    },
    failureToast: { title: 'Alert not saved', description: 'Please try again in a moment.' },
  });
  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      onFocus={alertCheck.preload}
      className="mt-3 space-y-3"
    >
      <p className="text-sm text-stone-700">
        We e-mail you when a new listing matches these filters. You confirm by e-mail first, and every alert
        has a one-click unsubscribe.
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
  );
}
