import { phoneDigits, safeHttpUrl } from '../format';
import { normalizeLineBreaks, textProblem } from '../text';
import { EMAIL_PATTERN, MAX } from './forms';
import { z } from './z';

export { EMAIL_PATTERN, MAX } from './forms';

/**
 * A trimmed string: JSON numbers and booleans as their text, null or a missing key as empty (each then gets its
 * field's message). An array or an object is refused with `message`, never turned into text: String(['a@b.c'])
 * would pass for an address.
 */
const trimmedOr = (message: string) =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v.trim()
        : v == null
          ? ''
          : typeof v === 'number' || typeof v === 'boolean'
            ? String(v)
            : v,
    z.string({ error: message }),
  );
const trimmed = trimmedOr('Please enter this as text');

/** The domain's text rule (src/domain/text.ts) as a zod check: one message, browser and function alike. */
const visible = (multiline: boolean) => (v: string, ctx: z.RefinementCtx) => {
  const problem = textProblem(v, multiline);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
};

/** Trimmed single-line text: no control characters, no bidi controls, not only invisible characters. */
const text = trimmed.superRefine(visible(false));
/** Trimmed multi-line text: line breaks kept (CRLF and CR stored as LF), every other control refused. */
const lines = trimmed.transform(normalizeLineBreaks).superRefine(visible(true));

const tooLong = (max: number) => `Please keep this under ${max} characters`;

/** A required single-line text field with the spec's message when empty. */
export function requiredText(message: string, max: number) {
  return text.pipe(z.string().min(1, message).max(max, tooLong(max)));
}

/** An optional single-line text field: empty string when absent. */
export function optionalText(max: number) {
  return text.pipe(z.string().max(max, tooLong(max)));
}

/** A required multi-line text field (description, message). */
export function requiredLines(message: string, max: number) {
  return lines.pipe(z.string().min(1, message).max(max, tooLong(max)));
}

/** An optional multi-line text field. */
export function optionalLines(max: number) {
  return lines.pipe(z.string().max(max, tooLong(max)));
}

/**
 * A coordinate as people type it: a plain decimal number ('44.05', '-121.3', ' 12 ' once trimmed; a Unicode
 * minus from copied text counts as '-'). Hexadecimal ('0x1A'), exponents ('1e2'), 'Infinity' or a decimal comma
 * are refused rather than read as some other number. Returns the number, or null for an empty value.
 */
export function decimalCoordinate(limit: number) {
  const message = `Please enter a decimal number between -${limit} and ${limit}, like ${limit === 90 ? '44.05' : '-121.31'}`;
  return optionalText(MAX.coordinate).transform((raw, ctx) => {
    if (raw === '') return null;
    const v = raw.replace(/^\u2212/, '-');
    const n = Number(v);
    if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(v) || Math.abs(n) > limit) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });
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
/** A US ZIP code, 5 digits or ZIP+4 (the form and the staff import alike). */
export function requiredZip(requiredMessage: string) {
  return requiredText(requiredMessage, MAX.zip).refine(
    (v) => v === '' || /^\d{5}(-\d{4})?$/.test(v),
    'Please enter a 5-digit ZIP code',
  );
}

export const optionalWebsite = optionalText(MAX.website).refine(
  (v) => v === '' || safeHttpUrl(v) !== null,
  'Website must be a full address starting with http:// or https://',
);

/** Required choice among a fixed list, with the spec's "required" message and a clear one for unknown values. */
export function requiredChoice<const T extends readonly [string, ...string[]]>(
  values: T,
  requiredMessage: string,
) {
  return trimmedOr('Please choose an option from the list').pipe(
    z.enum(values, {
      error: (issue) => (issue.input === '' ? requiredMessage : 'Please choose an option from the list'),
    }),
  );
}

// --- Facts (D32): '' is "not stated" and becomes null, never "no" ---

/** Yes, no, or not stated: 'yes' / 'no' / '' (a form's select; a staff CSV may also say true / false). */
const YES_NO = 'Please choose yes, no or leave it empty';
export const optionalYesNo = trimmedOr(YES_NO).transform((v, ctx) => {
  const answer = v.toLowerCase();
  if (answer === '') return null;
  if (answer === 'yes' || answer === 'true') return true;
  if (answer === 'no' || answer === 'false') return false;
  ctx.addIssue({ code: 'custom', message: YES_NO });
  return z.NEVER;
});

/** A whole number from 1 to `max`, or empty for not stated. */
export function optionalCount(max: number) {
  return optionalText(12).transform((v, ctx) => {
    if (v === '') return null;
    const n = Number(v);
    if (!/^\d+$/.test(v) || n < 1 || n > max) {
      ctx.addIssue({ code: 'custom', message: `Please enter a whole number from 1 to ${max}` });
      return z.NEVER;
    }
    return n;
  });
}

const MONTHS_MESSAGE = 'Please choose months from the list';

/** Months open: month numbers 1-12 (as text or numbers), sorted, without repeats; none is null (not stated). */
export const optionalMonths = z.preprocess(
  (v) => (Array.isArray(v) ? v : v === undefined || v === null || v === '' ? [] : v),
  z
    .array(
      z.preprocess(
        (m) => (typeof m === 'string' && /^\d{1,2}$/.test(m.trim()) ? Number(m) : m),
        z
          .number({ error: MONTHS_MESSAGE })
          .int(MONTHS_MESSAGE)
          .min(1, MONTHS_MESSAGE)
          .max(12, MONTHS_MESSAGE),
      ),
      { error: MONTHS_MESSAGE },
    )
    .transform((months) => (months.length === 0 ? null : [...new Set(months)].sort((a, b) => a - b))),
);
