import { EMAIL_PATTERN, MAX, optionalLines, optionalText, requiredChoice } from './fields';
import { z } from './z';

/** Why a traveler reports a listing, as stored and as the form offers them. */
export const REPORT_REASONS = [
  { value: 'closed', label: 'It is closed' },
  { value: 'wrong_phone', label: 'Wrong phone number' },
  { value: 'wrong_website', label: 'Wrong website' },
  { value: 'wrong_place', label: 'Wrong place on the map or address' },
  { value: 'not_glamping', label: 'It is not glamping' },
  { value: 'other', label: 'Something else' },
] as const;
const REASON_VALUES = REPORT_REASONS.map((r) => r.value) as unknown as readonly [string, ...string[]];

export const reasonLabel = (value: string) => REPORT_REASONS.find((r) => r.value === value)?.label ?? value;

/** "Report a problem": the listing, a reason, an optional message and an optional address for a reply. */
export const reportSchema = z.object({
  listing: optionalText(120).pipe(
    z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Please report from a listing page'),
  ),
  reason: requiredChoice(REASON_VALUES, 'Please choose what is wrong'),
  message: optionalLines(MAX.message),
  email: optionalText(MAX.email).refine(
    (v) => v === '' || EMAIL_PATTERN.test(v),
    'Please enter a valid email',
  ),
});
export type ListingReport = z.output<typeof reportSchema>;

export interface ReportFormState {
  listing: string;
  reason: string;
  message: string;
  email: string;
}
export const EMPTY_REPORT: ReportFormState = { listing: '', reason: '', message: '', email: '' };

export const REPORT_RESOLUTIONS = ['fixed', 'dismissed'] as const;
export type ReportResolution = (typeof REPORT_RESOLUTIONS)[number];
