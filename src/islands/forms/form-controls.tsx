import type { ReactNode } from 'react';

const control =
  'w-full rounded-md border bg-white px-3 py-2 text-stone-900 focus:outline-none focus:ring-2 focus:ring-emerald-700';
const border = (error?: string) => (error ? 'border-red-700' : 'border-stone-300');

/** The id of a field's error text, for aria-describedby. */
export const errorId = (id: string) => `${id}-error`;
const hintId = (id: string) => `${id}-hint`;

/** Ids a control is described by: its hint, then its error when it has one. */
function describedBy(id: string, hint?: string, error?: string): string | undefined {
  const ids = [hint ? hintId(id) : '', error ? errorId(id) : ''].filter(Boolean).join(' ');
  return ids || undefined;
}

interface FieldProps {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  error?: string | undefined;
  className?: string;
}

/** Label, control, hint and the field's error in red right under it. */
function Field({
  id,
  label,
  required,
  hint,
  error,
  className,
  children,
}: FieldProps & { children: ReactNode }) {
  return (
    <div className={className}>
      {/* The asterisk sits beside the label, not in it: the name read out stays "Email", required is announced. */}
      <div className="mb-1 flex gap-1 text-sm font-medium text-stone-800">
        <label htmlFor={id}>
          {label}
          {!required && <span className="font-normal text-stone-600"> (optional)</span>}
        </label>
        {required && (
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
        )}
      </div>
      {children}
      {hint && (
        <p id={hintId(id)} className="mt-1 text-sm text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId(id)} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

type InputProps = FieldProps & {
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'tel' | 'url';
  autoComplete?: string;
  inputMode?: 'decimal' | 'numeric' | 'text';
  maxLength?: number;
};

/** A labelled text input whose error is announced with it (aria-invalid, aria-describedby). */
export function TextField({
  value,
  onChange,
  type = 'text',
  autoComplete,
  inputMode,
  maxLength,
  ...field
}: InputProps) {
  return (
    <Field {...field}>
      <input
        id={field.id}
        name={field.id}
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        required={field.required}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={describedBy(field.id, field.hint, field.error)}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        className={`${control} ${border(field.error)}`}
      />
    </Field>
  );
}

type AreaProps = FieldProps & {
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  maxLength?: number;
};

/** A labelled textarea, like {@link TextField}. */
export function TextAreaField({ value, onChange, rows = 5, maxLength, ...field }: AreaProps) {
  return (
    <Field {...field}>
      <textarea
        id={field.id}
        name={field.id}
        value={value}
        rows={rows}
        onChange={(e) => onChange(e.target.value)}
        required={field.required}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={describedBy(field.id, field.hint, field.error)}
        maxLength={maxLength}
        className={`${control} ${border(field.error)}`}
      />
    </Field>
  );
}

type SelectProps = FieldProps & {
  value: string;
  onChange: (value: string) => void;
  /** The first, empty option ("Select a state"). */
  placeholder: string;
  options: ReadonlyArray<string | { value: string; label: string }>;
};

/** A labelled native select with an empty first option, like {@link TextField}. */
export function SelectField({ value, onChange, placeholder, options, ...field }: SelectProps) {
  return (
    <Field {...field}>
      <select
        id={field.id}
        name={field.id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        required={field.required}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={describedBy(field.id, field.hint, field.error)}
        className={`${control} ${border(field.error)}`}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => {
          const { value: v, label } = typeof o === 'string' ? { value: o, label: o } : o;
          return (
            <option key={v} value={v}>
              {label}
            </option>
          );
        })}
      </select>
    </Field>
  );
}

/**
 * The trap field bots fill in and people never meet (D23): off screen, out of the tab order and hidden from
 * assistive technology. A filled trap gets a success-looking answer and nothing is stored.
 */
export function Honeypot({
  name,
  value,
  onChange,
}: {
  name: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={`trap-${name}`}>Leave this field empty</label>
      <input
        id={`trap-${name}`}
        name={name}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** The form's submit button: keeps focus while busy (aria-disabled) and shows what it is doing. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <button
      type="submit"
      aria-disabled={busy || undefined}
      className="w-full rounded-md bg-emerald-800 px-6 py-3 font-semibold text-white hover:bg-emerald-900 focus:outline-none focus:ring-2 focus:ring-emerald-700 focus:ring-offset-2 aria-disabled:cursor-wait aria-disabled:opacity-75 sm:w-auto"
    >
      {busy ? busyLabel : label}
    </button>
  );
}
