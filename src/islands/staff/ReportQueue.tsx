import { useCallback, useEffect, useState } from 'react';
import { reasonLabel } from '../../domain/schemas/report';
import { listingPath } from '../../domain/slug';
import type { StaffRequestInput } from '../../domain/staff/contracts';
import type { OpenReport } from '../../domain/staff/rows';
import { TitledSection } from '../shared/TitledSection';
import { Outcome } from './decision';
import { staffCall } from './staff-call';

/** "Reports": travelers' open reports, listings with several open reports first and marked. */
export function ReportQueue() {
  const [reports, setReports] = useState<OpenReport[] | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const run = useCallback(async (body: StaffRequestInput<'reports' | 'report-resolve'>) => {
    const a = await staffCall(body);
    if (a.ok) {
      setReports(a.data.reports);
      if (body.action !== 'reports') setMessage(a.data.message);
      setError('');
    } else setError(a.error);
  }, []);
  useEffect(() => {
    void run({ action: 'reports' });
  }, [run]);
  if (!reports) return error ? <p role="alert">{error}</p> : <p>Loading reports…</p>;
  return (
    <TitledSection title={<>Reports ({reports.length})</>} className="mt-8">
      <Outcome message={message} error={error} />
      {reports.length === 0 ? (
        <p>No open reports.</p>
      ) : (
        <ul className="mt-2 space-y-3">
          {reports.map((r) => (
            <li
              key={r.id}
              className={`rounded-md border p-3 ${r.open_for_listing > 1 ? 'border-red-400 bg-red-50' : 'border-stone-300'}`}
            >
              <p>
                <a href={listingPath(r.slug)} className="font-semibold underline">
                  {r.property_name}
                </a>
                : {reasonLabel(r.reason)}
                {r.open_for_listing > 1 && (
                  <strong className="ml-2 rounded bg-red-200 px-1.5 py-0.5 text-red-950">
                    {r.open_for_listing} open reports
                  </strong>
                )}
              </p>
              {r.message && <p className="mt-1 whitespace-pre-line">{r.message}</p>}
              <p className="mt-1 text-sm text-stone-600">
                {r.created_at.slice(0, 10)} · {r.email ? `reply to ${r.email}` : 'no reply address'}
              </p>
              <div className="mt-2 flex gap-2">
                <button
                  type="button"
                  onClick={() => run({ action: 'report-resolve', id: r.id, resolution: 'fixed' })}
                  className="rounded-md bg-emerald-800 px-3 py-1 text-white"
                >
                  Fixed
                  <span className="sr-only">
                    {' '}
                    ({r.property_name}: {reasonLabel(r.reason)})
                  </span>
                </button>
                <button
                  type="button"
                  onClick={() => run({ action: 'report-resolve', id: r.id, resolution: 'dismissed' })}
                  className="rounded-md border border-stone-400 px-3 py-1"
                >
                  Dismiss
                  <span className="sr-only">
                    {' '}
                    ({r.property_name}: {reasonLabel(r.reason)})
                  </span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </TitledSection>
  );
}
