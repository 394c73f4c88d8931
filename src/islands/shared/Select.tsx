import { memo, startTransition, useEffect, useState } from 'react';

interface Props {
  id: string;
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
}

/**
 * A labelled native select; memoised, as its options (up to 51) rarely change while its neighbours do. The served
 * HTML holds the chosen option only, which is all a closed select shows: the lists of every select of every browse
 * page weighed several KB (docs/performance.md, "Page weight"). The others join as soon as the island runs: a
 * transition after hydration (hydration itself renders what the server did), which React renders in slices rather
 * than in the one task a store hook's change would take (docs/performance.md, "Work at load").
 */
export const Select = memo(function Select({ id, label, value, options, onChange }: Props) {
  const [running, setRunning] = useState(false);
  useEffect(() => startTransition(() => setRunning(true)), []);
  const shown = running ? options : options.filter((o) => o.value === value);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm"
      >
        {shown.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
});
