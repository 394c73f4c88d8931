import type { z } from 'zod';
import { fieldErrors } from '../../domain/schemas/errors';
import { showToast } from '../../stores/toasts';
import { errorOf, fetchJson } from '../shared/fetch-json';
import { onDemand } from '../shared/on-demand';

/** What became of a form sent to one of our functions. */
export type SendOutcome =
  | { kind: 'stored'; notified: boolean }
  | { kind: 'invalid'; fields: Record<string, string> }
  | { kind: 'failed'; reason: string };

const UNREACHABLE =
  'We could not reach our server, so nothing was saved. Check your connection and try again.';

/**
 * POSTs a form as JSON and reads the function's answer (D23): 2xx stored (with whether e-mail went out), 400 with
 * per-field messages, anything else failed with the server's reason. Never throws.
 */
export async function sendForm(url: string, body: unknown): Promise<SendOutcome> {
  const answer = await fetchJson<{ notified?: unknown }>(url, { json: body });
  if (answer.status === 0) return { kind: 'failed', reason: UNREACHABLE };
  if (answer.status >= 200 && answer.status < 300)
    return { kind: 'stored', notified: answer.ok && answer.data.notified === true };
  const fields = (answer.data as { fields?: unknown } | null)?.fields;
  if (answer.status === 400 && fields && typeof fields === 'object' && Object.keys(fields).length > 0)
    return { kind: 'invalid', fields: fields as Record<string, string> };
  return {
    kind: 'failed',
    reason:
      errorOf(answer.data) ??
      `Our server could not take the form (error ${answer.status}), so nothing was saved.`,
  };
}

/** A form's shared schema, loaded on demand: see {@link lazyCheck}. */
export interface LazyCheck {
  /** Starts loading the schema (on the first focus in the form), so it is there by the time the form is sent. */
  preload: () => void;
  /**
   * The form's field errors, one message per field (empty when it passes), or null when the schema could not be
   * loaded: the form is then sent as it is and the function, which checks with the same schema, answers with the
   * same messages (a 400 with per-field messages).
   */
  check: (form: unknown) => Promise<Record<string, string> | null>;
}

/**
 * Checks a form with its shared schema (src/domain/schemas), loading the schema and zod only when the form is
 * first used: they would be a fifth of the page's JavaScript on load (the first-load budget, docs/performance.md).
 */
export function lazyCheck(load: () => Promise<z.ZodType>): LazyCheck {
  const schema = onDemand(load);
  return {
    preload: () => {
      schema().catch(() => {});
    },
    check: async (form) => {
      const loaded = await schema().catch(() => null);
      if (!loaded) return null;
      const result = loaded.safeParse(form);
      return result.success ? {} : fieldErrors(result.error);
    },
  };
}

/** Spec section 5: the toast of a form that does not pass its checks. */
export function showValidationToast() {
  showToast({
    title: 'Please correct the errors',
    description: 'Check the form for required fields and validation errors.',
    variant: 'destructive',
  });
}

/**
 * Moves focus to the first field with an error as the page shows them: document order, so a form never writes its
 * fields' order again beside its markup.
 */
export function focusFirstError(errors: Record<string, string>, idOf: (f: string) => string) {
  const fields = Object.keys(errors)
    .map((f) => document.getElementById(idOf(f)))
    .filter((el) => el !== null);
  fields.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  fields[0]?.focus();
}

const FLASH_KEY = 'glamping-directory:flash-toast';
type FlashToast = Parameters<typeof showToast>[0];

/** Keeps a toast for the next page (shown there by FlashToast), since navigating away drops the current one. */
export function flashToast(toast: FlashToast) {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify(toast));
  } catch {
    // Storage can be unavailable (privacy modes); the next page still says what happened.
  }
}

/** Takes the toast kept by {@link flashToast}, once. */
export function takeFlashToast(): FlashToast | null {
  try {
    const raw = sessionStorage.getItem(FLASH_KEY);
    sessionStorage.removeItem(FLASH_KEY);
    const toast = raw ? (JSON.parse(raw) as FlashToast) : null;
    return toast && typeof toast.title === 'string' ? toast : null;
  } catch {
    return null;
  }
}
