import { useEffect, useId, useState } from 'react';
import type { OwnerListingInsights } from '../../domain/insights-figures';
import { FIGURE_LABELS, monthYear } from '../../domain/insights-figures';
import { BarChart } from '../shared/BarChart';
import { ColumnHeads } from '../shared/ColumnHeads';
import { type Answer, getJson } from '../staff/api';

type Figures = { today: string; listings: OwnerListingInsights[] };
// One request for every listing of the page.
let loading: Promise<Answer<Figures>> | null = null;
const load = () => {
  loading ??= getJson<Figures>('/api/owner/insights');
  return loading;
};

const RENEWAL: Record<OwnerListingInsights['renewal'], string> = {
  current: 'Verification current',
  due: 'Due for re-verification',
  asked: 'Re-verification asked: please answer our e-mail',
  staff: 'Re-verification overdue: our team will contact you',
};

/**
 * A listing's figures on its owner's page (D35): the last 30 or 90 days as a chart with the same numbers in a table,
 * totals with the change from the previous period beside the median of comparable listings in the state, and the
 * listing's standing and badge.
 */
export function ListingInsights({ slug }: { slug: string }) {
  const [figures, setFigures] = useState<OwnerListingInsights | null | 'failed'>(null);
  const [days, setDays] = useState(30);
  const id = useId();
  useEffect(() => {
    void load().then((a) =>
      setFigures(a.ok ? (a.data.listings.find((l) => l.slug === slug) ?? 'failed') : 'failed'),
    );
  }, [slug]);
  if (figures === null) return <p className="mt-3 text-sm">Loading figures…</p>;
  if (figures === 'failed') return <p className="mt-3 text-sm">Figures are unavailable right now.</p>;
  const p = figures.periods.find((x) => x.days === days) ?? figures.periods[0];
  if (!p) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="mt-4 border-t border-stone-200 pt-3">
      <h4 id={`${id}-title`} className="font-semibold">
        What {figures.property_name} brought you
      </h4>
      <ul className="mt-1 flex flex-wrap gap-x-4 text-sm text-stone-700">
        <li>{figures.verified_at ? `Verified ${monthYear(figures.verified_at)}` : 'Not verified'}</li>
        <li>{RENEWAL[figures.renewal]}</li>
        <li>{figures.open_reports === 1 ? '1 open report' : `${figures.open_reports} open reports`}</li>
        {figures.rating !== null && <li>Rated {figures.rating.toFixed(1)} of 5</li>}
      </ul>
      <fieldset className="mt-2 flex gap-4 text-sm">
        <legend className="sr-only">Period</legend>
        {figures.periods.map((x) => (
          <label key={x.days} className="inline-flex items-center gap-1">
            <input
              type="radio"
              name={`${id}-days`}
              checked={x.days === days}
              onChange={() => setDays(x.days)}
            />
            Last {x.days} days
          </label>
        ))}
      </fieldset>
      <BarChart
        title={`${figures.property_name}, last ${p.days} days`}
        days={p.series.map((d) => d.day)}
        series={[
          { label: 'Page views', values: p.series.map((d) => d.views), color: 'fill-emerald-700' },
          { label: 'Dialog opens', values: p.series.map((d) => d.dialogs), color: 'fill-sky-600' },
          { label: 'Contact actions', values: p.series.map((d) => d.contacts), color: 'fill-amber-500' },
        ]}
      />
      <table className="mt-3 w-full text-left text-sm">
        <caption className="sr-only">Totals of the last {p.days} days</caption>
        <ColumnHeads
          labels={[
            `Last ${p.days} days`,
            'Total',
            `Change from the ${p.days} days before`,
            'Median of comparable listings in the state',
          ]}
        />
        <tbody>
          {p.figures.map((f) => (
            <tr key={f.kind} className="border-t border-stone-200">
              <th scope="row" className="font-normal">
                {FIGURE_LABELS[f.kind]}
              </th>
              <td>{f.total}</td>
              <td>{f.change}</td>
              <td>{f.median === null ? 'Too few to compare' : f.median}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {figures.badge && <Badge badge={figures.badge} />}
    </section>
  );
}

function Badge({ badge }: { badge: NonNullable<OwnerListingInsights['badge']> }) {
  const id = useId();
  const [copied, setCopied] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(badge.snippet);
      setCopied('Copied.');
    } catch {
      setCopied('Select the code and copy it.');
    }
  };
  return (
    <div className="mt-4">
      <h5 className="font-semibold">Your badge</h5>
      <img src={badge.url} alt="Your listing's badge" className="mt-1" />
      <label htmlFor={id} className="mt-2 block text-sm">
        HTML to paste on your website
      </label>
      <textarea
        id={id}
        readOnly
        value={badge.snippet}
        rows={3}
        className="w-full rounded-md border p-2 font-mono text-xs"
      />
      <button type="button" onClick={copy} className="rounded-md border border-stone-300 px-3 py-1 text-sm">
        Copy the badge code
      </button>
      {copied && (
        <span role="status" className="ml-2 text-sm">
          {copied}
        </span>
      )}
    </div>
  );
}
