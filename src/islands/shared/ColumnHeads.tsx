/** A table's header row: one column header per label; those in `srOnly` are for screen readers only. */
export function ColumnHeads({
  labels,
  srOnly = [],
  rowClass,
  cellClass,
}: {
  labels: readonly string[];
  srOnly?: readonly string[];
  rowClass?: string;
  cellClass?: string;
}) {
  return (
    <thead>
      <tr className={rowClass}>
        {labels.map((label) => (
          <th key={label} scope="col" className={cellClass}>
            {srOnly.includes(label) ? <span className="sr-only">{label}</span> : label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
