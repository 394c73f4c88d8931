import { ACCESSIBILITY_NOTE_MAX, MONTHS } from '../../domain/facts';
import { FormSection } from './FormSection';
import { CountField, YesNoField } from './field-kinds';
import { type Bound, TextField } from './form-controls';

interface Props {
  /** Checkbox ids are `${idPrefix}-${index}`. */
  monthsPrefix: string;
  months: readonly string[];
  monthsError?: string | undefined;
  onMonths: (months: string[]) => void;
  bind: (
    key:
      | 'petsAllowed'
      | 'goodForKids'
      | 'wheelchairAccessible'
      | 'accessibilityNote'
      | 'sleeps'
      | 'minNights',
  ) => Bound;
}

/**
 * The facts glampers filter by, all optional: what is left empty shows as nothing rather than "no"
 * (D32). Open season is a month per checkbox, with one button for year-round.
 */
export function FactsFields({ monthsPrefix, months, monthsError, onMonths, bind }: Props) {
  const errorId = `${monthsPrefix}-error`;
  const all = MONTHS.map((_, i) => String(i + 1));
  const toggle = (month: string, on: boolean) =>
    onMonths(all.filter((m) => (m === month ? on : months.includes(m))));
  return (
    <FormSection
      legend={
        <>
          Good to know <span className="text-sm font-normal text-stone-600">(optional)</span>
        </>
      }
      intro={
        <>
          Travelers filter by these. Leave a question empty if you would rather not say: it is shown as not
          stated, never as "no".
        </>
      }
    >
      <fieldset aria-describedby={monthsError ? errorId : undefined} className="sm:col-span-2">
        <legend className="mb-1 text-sm font-medium text-stone-800">Open season</legend>
        <div className="grid grid-cols-3 gap-x-4 gap-y-1 sm:grid-cols-6">
          {MONTHS.map((month, i) => (
            <label key={month} htmlFor={`${monthsPrefix}-${i}`} className="flex items-center gap-2 text-sm">
              <input
                id={`${monthsPrefix}-${i}`}
                type="checkbox"
                name="openMonths"
                value={i + 1}
                checked={months.includes(String(i + 1))}
                onChange={(e) => toggle(String(i + 1), e.target.checked)}
                className="h-4 w-4 accent-emerald-800"
              />
              {month}
            </label>
          ))}
        </div>
        <button
          type="button"
          onClick={() => onMonths(months.length === 12 ? [] : all)}
          className="mt-2 rounded-md border border-stone-300 px-3 py-1 text-sm font-medium hover:bg-stone-100"
        >
          {months.length === 12 ? 'Clear months' : 'Open year-round'}
        </button>
        {monthsError && (
          <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
            {monthsError}
          </p>
        )}
      </fieldset>
      <YesNoField {...bind('petsAllowed')} label="Pets allowed" />
      <YesNoField {...bind('goodForKids')} label="Good for kids" />
      <YesNoField {...bind('wheelchairAccessible')} label="Wheelchair accessible" />
      <TextField
        {...bind('accessibilityNote')}
        label="Accessibility note"
        maxLength={ACCESSIBILITY_NOTE_MAX}
        hint="e.g. Step-free path to one tent, roll-in shower"
      />
      <CountField {...bind('sleeps')} label="Sleeps (maximum guests)" />
      <CountField {...bind('minNights')} label="Minimum nights" />
    </FormSection>
  );
}
