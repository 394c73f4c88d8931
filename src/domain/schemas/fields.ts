import { phoneDigits, safeHttpUrl } from '../format';
import { EMAIL_PATTERN, MAX } from './forms';
import { z } from './z';

export { EMAIL_PATTERN, MAX } from './forms';

/** Coerces anything to a trimmed string, so JSON numbers, nulls or missing keys get a field message, not a crash. */
const text = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v == null ? '' : String(v).trim()),
  z.string(),
);

const tooLong = (max: number) => `Please keep this under ${max} characters`;

/** A required trimmed text field with the spec's message when empty. */
export function requiredText(message: string, max: number) {
  return text.pipe(z.string().min(1, message).max(max, tooLong(max)));
}

/** An optional trimmed text field: empty string when absent. */
export function optionalText(max: number) {
  return text.pipe(z.string().max(max, tooLong(max)));
}

/** Required e-mail with the spec's two messages. */
export function requiredEmail(requiredMessage: string) {
  return requiredText(requiredMessage, MAX.email).refine(
    (v) => EMAIL_PATTERN.test(v),
    'Please enter a valid email',
  );
}

/** Required phone: any formatting, but exactly 10 digits (D22). */
export function requiredPhone(requiredMessage: string) {
  return requiredText(requiredMessage, MAX.phone).refine(
    (v) => phoneDigits(v).length === 10,
    'Please enter a 10-digit phone number',
  );
}

/** Optional website: empty, or an http(s) URL (D22). */
export const optionalWebsite = optionalText(MAX.website).refine(
  (v) => v === '' || safeHttpUrl(v) !== null,
  'Website must be a full address starting with http:// or https://',
);

/** Required choice among a fixed list, with the spec's "required" message and a clear one for unknown values. */
export function requiredChoice<const T extends readonly [string, ...string[]]>(
  values: T,
  requiredMessage: string,
) {
  return text.pipe(
    z.enum(values, {
      error: (issue) => (issue.input === '' ? requiredMessage : 'Please choose an option from the list'),
    }),
  );
}
