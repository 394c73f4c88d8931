import { useEffect, useState } from 'react';
import { formatCount } from '../../domain/format';
import { REVIEW_LIMITS, STAY_MONTHS_BACK, stayMonthText, TRAVELLERS } from '../../domain/reviews';
import { SelectField, TextAreaField, TextField } from '../forms/form-controls';

/** The stay months a review may name, newest first: this month and the 36 before (the schema's window). */
function stayMonths(now: Date): Array<{ value: string; label: string }> {
  const out: Array<{ value: string; label: string }> = [];
  for (let back = 0; back <= STAY_MONTHS_BACK; back++) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const value = d.toISOString().slice(0, 7);
    out.push({ value, label: stayMonthText(value) });
  }
  return out;
}

type Bind = (key: 'rating' | 'title' | 'body' | 'stayMonth' | 'travelledWith' | 'displayName') => {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
};

const RATINGS = [5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: `${n} star${n === 1 ? '' : 's'}` }));

/** A review's own fields, the same in "Write a review" and in the edit a writer's link opens. */
export function ReviewFields({ bind }: { bind: Bind }) {
  // Months come from the browser's clock after hydration, so the server's build date never fixes them.
  const [months, setMonths] = useState<Array<{ value: string; label: string }>>([]);
  useEffect(() => setMonths(stayMonths(new Date())), []);
  return (
    <>
      <SelectField {...bind('rating')} label="Your rating" required placeholder="Choose" options={RATINGS} />
      <TextField {...bind('title')} label="Title (optional)" maxLength={REVIEW_LIMITS.title} />
      <TextAreaField
        {...bind('body')}
        label="Your review"
        required
        rows={8}
        hint={`${REVIEW_LIMITS.bodyMin} to ${formatCount(REVIEW_LIMITS.bodyMax)} characters: what you saw and lived there.`}
        maxLength={REVIEW_LIMITS.bodyMax}
      />
      <SelectField
        {...bind('stayMonth')}
        label="When did you stay?"
        required
        placeholder="Month and year"
        options={months}
      />
      <SelectField
        {...bind('travelledWith')}
        label="Who travelled (optional)"
        placeholder="Choose"
        options={TRAVELLERS}
      />
      <TextField
        {...bind('displayName')}
        label="Name to show with your review"
        required
        hint="As you choose: a first name, initials or a nickname."
        maxLength={REVIEW_LIMITS.name}
      />
    </>
  );
}
