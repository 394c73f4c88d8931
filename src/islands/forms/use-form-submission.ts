import { type SubmitEvent, useState } from 'react';
import { HONEYPOT_FIELD } from '../../domain/schemas/forms';
import { showToast } from '../../stores/toasts';
import { focusFirstError, type LazyCheck, sendForm, showValidationToast } from './send-form';

/** What a form island tells the shared submission flow. */
export interface FormSubmission<F extends object> {
  empty: F;
  /** The function's path, e.g. /api/contact. */
  endpoint: string;
  check: LazyCheck;
  fieldId: (field: string) => string;
  /** After a stored answer; return true when the page is navigating away (the button stays busy). */
  onStored: (notified: boolean, reset: () => void) => boolean;
  /** The destructive toast when nothing was stored. */
  failureToast: { title: string; description: string };
  /**
   * Values kept outside the text fields (the photo picker's), read at submit time, or the field messages that stop
   * the submission (photos still uploading).
   */
  extra?: () => { values: Partial<F> } | { errors: Record<string, string> };
  /** Last step before sending checked values: false stops here (the island shows why, e.g. possible duplicates). */
  beforeSend?: (values: F) => Promise<boolean>;
}

/**
 * The flow both forms share (spec sections 5 and 8, D23): check with the shared schema, show each error by its
 * field with the validation toast, send, map a 400's field messages back to the fields, and on failure keep every
 * value with the reason beside the button. The hidden honeypot travels as HONEYPOT_FIELD.
 */
export function useFormSubmission<F extends object>(options: FormSubmission<F>) {
  const [form, setForm] = useState<F>(options.empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [trap, setTrap] = useState('');

  const setField = <K extends keyof F>(key: K, value: F[K]) => setForm((f) => ({ ...f, [key]: value }));
  /** The props of one text or select control (form-controls.tsx) for a field. */
  const bind = <K extends keyof F & string>(key: K) => ({
    id: options.fieldId(key),
    value: form[key],
    onChange: (value: F[K]) => setField(key, value),
    error: errors[key],
  });

  const refuse = (found: Record<string, string>) => {
    setErrors(found);
    showValidationToast();
    // After the toast is queued, so focus lands on the field once the red text is rendered.
    requestAnimationFrame(() => focusFirstError(found, options.fieldId));
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    setBusy(true);
    const extra = options.extra?.() ?? { values: {} };
    const values = { ...form, ...('values' in extra ? extra.values : {}) };
    const found = {
      ...(await options.check.check(values)),
      ...('errors' in extra ? extra.errors : {}),
    };
    if (Object.keys(found).length > 0) {
      setBusy(false);
      return refuse(found);
    }
    setErrors({});
    if (options.beforeSend && !(await options.beforeSend(values))) {
      setBusy(false);
      return;
    }
    const outcome = await sendForm(options.endpoint, { ...values, [HONEYPOT_FIELD]: trap });
    if (outcome.kind === 'stored') {
      if (options.onStored(outcome.notified, () => setForm(options.empty))) return;
      setBusy(false);
      return;
    }
    setBusy(false);
    if (outcome.kind === 'invalid') return refuse(outcome.fields);
    setFailure(outcome.reason);
    showToast({ ...options.failureToast, variant: 'destructive' });
  };

  return { form, setField, bind, errors, busy, failure, trap, setTrap, onSubmit };
}
