/**
 * Fields of a kind that several places ask for: the input type, autocomplete, length and choices come with the kind,
 * the form gives its label (and hint where the kind has none).
 */
import { MAX } from '../../domain/schemas/forms';
import { type Bound, SelectField, TextField } from './form-controls';

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** An optional yes-or-no question: left empty, it is "not stated", never "no" (D32). */
export function YesNoField({ label, ...bound }: Bound & { label: string }) {
  return <SelectField {...bound} label={label} placeholder="Not stated" options={YES_NO} />;
}

/** A whole number of guests, nights... typed as text, so the form's schema gives its own message. */
export function CountField({ label, ...bound }: Bound & { label: string }) {
  return <TextField {...bound} label={label} inputMode="numeric" maxLength={12} />;
}

/** A latitude or longitude in decimal degrees, optional. */
export function CoordinateField({ label, hint, ...bound }: Bound & { label: string; hint: string }) {
  return <TextField {...bound} label={label} inputMode="decimal" maxLength={MAX.coordinate} hint={hint} />;
}
