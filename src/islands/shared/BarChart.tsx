/**
 * A bar chart of a count per day, drawn as SVG from the server's figures (D35), with the same numbers in a table
 * for screen readers: the picture is for the eye, the table is what a screen reader reads.
 */
export interface ChartSeries {
  label: string;
  values: number[];
  /** A Tailwind fill class. */
  color: string;
}

const WIDTH = 600;
const HEIGHT = 140;

const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

export function BarChart({ title, days, series }: { title: string; days: string[]; series: ChartSeries[] }) {
  const totals = days.map((_, i) => series.reduce((s, x) => s + (x.values[i] ?? 0), 0));
  const max = Math.max(1, ...totals);
  const slot = WIDTH / Math.max(1, days.length);
  const bar = Math.max(1, slot * 0.8);
  const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);
  const summary = series.map((s) => `${s.label}: ${sum(s.values)}`).join(', ');
  return (
    <figure className="mt-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT + 18}`}
        className="h-auto w-full max-w-2xl"
        role="img"
        aria-label={`${title}, ${shortDay(days[0] ?? '')} to ${shortDay(days.at(-1) ?? '')}. ${summary}`}
      >
        <line x1="0" y1={HEIGHT} x2={WIDTH} y2={HEIGHT} className="stroke-stone-400" />
        {days.map((day, i) => {
          let y = HEIGHT;
          return (
            <g key={day}>
              {series.map((s) => {
                const h = ((s.values[i] ?? 0) / max) * (HEIGHT - 8);
                y -= h;
                return h > 0 ? (
                  <rect
                    key={s.label}
                    x={i * slot + (slot - bar) / 2}
                    y={y}
                    width={bar}
                    height={h}
                    className={s.color}
                  />
                ) : null;
              })}
            </g>
          );
        })}
        <text x="0" y={HEIGHT + 14} className="fill-stone-600 text-[11px]">
          {shortDay(days[0] ?? '')}
        </text>
        <text x={WIDTH} y={HEIGHT + 14} textAnchor="end" className="fill-stone-600 text-[11px]">
          {shortDay(days.at(-1) ?? '')}
        </text>
        <text x="4" y="12" className="fill-stone-600 text-[11px]">
          {max}
        </text>
      </svg>
      <figcaption className="flex flex-wrap gap-3 text-sm text-stone-700">
        {series.map((s) => (
          <span key={s.label} className="inline-flex items-center gap-1">
            <svg viewBox="0 0 10 10" className="size-3" aria-hidden="true">
              <rect width="10" height="10" className={s.color} />
            </svg>
            {s.label}
          </span>
        ))}
      </figcaption>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {series.map((s) => (
              <th key={s.label} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day, i) => (
            <tr key={day}>
              <th scope="row">{shortDay(day)}</th>
              {series.map((s) => (
                <td key={s.label}>{s.values[i] ?? 0}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
