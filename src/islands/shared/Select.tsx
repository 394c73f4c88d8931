import { memo } from 'react';
import { useRunning } from './use-running';

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
 * page weighed several KB (docs/performance.md, "Page weight"). The others join as soon as the island runs (./use-running.ts).
 * Styled by .field
 * (src/styles/browse.css).
 */
export const Select = memo(function Select({ id, label, value, options, onChange }: Props) {
  const running = useRunning();
  const shown = running ? options : options.filter((o) => o.value === value);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {shown.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
});
