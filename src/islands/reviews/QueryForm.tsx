import { type ReactNode, useState } from 'react';
import { HONEYPOT_FIELD } from '../../domain/schemas/forms';
import { useQueryParam } from '../forms/for-listing';
import { Honeypot, SubmitButton } from '../forms/form-controls';
import type { LazyCheck } from '../forms/send-form';
import { useFormSubmission } from '../forms/use-form-submission';
import { Problem } from '../shared/Problem';

/** What a small reviews form says: its endpoint, the query parameter it is about, its fields and its answers. */
export interface QueryFormProps<F extends object> {
  endpoint: string;
  /** The query parameter naming what the form is about (listing, review), sent as the field of the same name. */
  param: 'listing' | 'review';
  empty: F;
  check: LazyCheck;
  fields: (bind: ReturnType<typeof useFormSubmission<F>>['bind']) => ReactNode;
  missing: ReactNode;
  done: ReactNode;
  submit: string;
}

/** A small form about one listing or review named in the page's query ("Edit or withdraw my review", "Report"). */
export function QueryForm<F extends object>(props: QueryFormProps<F>) {
  const about = useQueryParam(props.param);
  const [sent, setSent] = useState(false);
  const { bind, busy, failure, errors, trap, setTrap, onSubmit } = useFormSubmission<F>({
    empty: props.empty,
    endpoint: props.endpoint,
    check: props.check,
    fieldId: (f) => `review-${f}`,
    extra: () => ({ values: { [props.param]: about ?? '' } as Partial<F> }),
    onStored: () => {
      setSent(true);
      return false;
    },
    failureToast: { title: 'Not sent', description: 'Please try again in a moment.' },
  });
  if (about === null) return null;
  if (!about) return <p role="alert">{props.missing}</p>;
  if (sent) return <div role="status">{props.done}</div>;
  return (
    <form method="post" noValidate onSubmit={onSubmit} onFocus={props.check.preload} className="space-y-4">
      <Problem message={errors[props.param]} />
      {props.fields(bind)}
      <Honeypot name={HONEYPOT_FIELD} value={trap} onChange={setTrap} />
      <SubmitButton busy={busy} label={props.submit} busyLabel="Sending..." />
      {failure && (
        <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {failure} What you typed is still here.
        </p>
      )}
    </form>
  );
}
