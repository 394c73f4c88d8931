import { useEffect, useState } from 'react';
import type { SiteInsights } from '../../domain/insights-figures';
import { BarChart } from '../shared/BarChart';
import { ColumnHeads } from '../shared/ColumnHeads';
import { TitledSection } from '../shared/TitledSection';
import { staffCall } from './staff-call';

/**
 * The console's Insights (D35, docs/insights.md): the month's visits per day, the most viewed and most contacted
 * listings, and the searches and places with no results with the link that opens them as a traveler would.
 */
export function InsightsPanel() {
  const [figures, setFigures] = useState<SiteInsights | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    staffCall({ action: 'insights' }).then((a) => (a.ok ? setFigures(a.data.insights) : setError(a.error)));
  }, []);

  const download = async () => {
    const answer = await staffCall({ action: 'insights-csv', ...(figures ? { month: figures.month } : {}) });
    if (!answer.ok) return setError(answer.error);
    const url = URL.createObjectURL(new Blob([answer.data.csv], { type: 'text/csv' }));
    const link = Object.assign(document.createElement('a'), {
      href: url,
      download: `insights-${figures?.month}.csv`,
    });
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <TitledSection title={<>Insights{figures ? ` for ${figures.month}` : ''}</>}>
      {error && <p role="alert">{error}</p>}
      {!figures && !error && <p>Loading figures...</p>}
      {figures && (
        <>
          <p className="text-sm text-stone-700">
            Counts only: no visitor is identified, and visitors who ask not to be tracked are not counted.
          </p>
          <h3 className="mt-4 font-semibold">Visits per day</h3>
          <BarChart
            title="Visits per day"
            days={figures.days.map((d) => d.day)}
            series={[
              { label: 'Page views', values: figures.days.map((d) => d.views), color: 'fill-emerald-700' },
              { label: 'Dialog opens', values: figures.days.map((d) => d.dialogs), color: 'fill-sky-600' },
              {
                label: 'Contact actions',
                values: figures.days.map((d) => d.contacts),
                color: 'fill-amber-500',
              },
            ]}
          />
          <div className="mt-4 grid gap-6 md:grid-cols-2">
            <Ranking title="Most viewed this month" rows={figures.mostViewed} unit="views and opens" />
            <Ranking title="Most contacted this month" rows={figures.mostContacted} unit="contact actions" />
          </div>
          <h3 className="mt-6 font-semibold">Searches with no results</h3>
          {figures.misses.length === 0 ? (
            <p className="text-sm">None this month.</p>
          ) : (
            <table className="mt-2 w-full text-left text-sm">
              <ColumnHeads labels={['Search', 'Kind', 'Times']} />
              <tbody>
                {figures.misses.map((m) => (
                  <tr key={`${m.kind}:${m.query}:${m.radius}`} className="border-t border-stone-200">
                    <td>
                      <a href={m.link} target="_blank" rel="noopener" className="text-emerald-800 underline">
                        {m.query}
                      </a>
                    </td>
                    <td>{m.kind === 'text' ? 'Typed search' : `Place, within ${m.radius} mi`}</td>
                    <td>{m.n}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <button
            type="button"
            onClick={download}
            className="mt-4 rounded-md border border-stone-300 px-3 py-1.5"
          >
            Download CSV
          </button>
        </>
      )}
    </TitledSection>
  );
}

function Ranking({ title, rows, unit }: { title: string; rows: SiteInsights['mostViewed']; unit: string }) {
  return (
    <div>
      <h3 className="font-semibold">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-sm">Nothing counted yet.</p>
      ) : (
        <ol className="mt-1 list-decimal pl-5 text-sm">
          {rows.map((r) => (
            <li key={r.slug}>
              <a href={`/listings/${r.slug}`} className="text-emerald-800 underline">
                {r.property_name}
              </a>{' '}
              ({r.n} {unit})
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
