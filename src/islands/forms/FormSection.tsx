import type { ReactNode } from 'react';

interface Props {
  legend: ReactNode;
  /** A line under the legend saying what the part is for. */
  intro?: ReactNode;
  children: ReactNode;
}

/** One titled part of the list-property form: its fields in two columns on wide screens. */
export function FormSection({ legend, intro, children }: Props) {
  return (
    <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <legend className={`${intro ? 'mb-1' : 'mb-3'} text-lg font-semibold text-emerald-950`}>
        {legend}
      </legend>
      {intro && <p className="text-sm text-stone-600 sm:col-span-2">{intro}</p>}
      {children}
    </fieldset>
  );
}
