import { useEffect, useState } from 'react';
import { fetchJson } from '../shared/fetch-json';
import { Problem } from '../shared/Problem';

interface Alert {
  id: string;
  label: string;
  query: string;
  frequency: 'instant' | 'weekly';
  status: 'pending' | 'active' | 'paused';
}

const STATUS_TEXT: Record<Alert['status'], string> = {
  pending: 'Waiting for you to open the confirmation link',
  active: 'On',
  paused: 'Paused',
};
const OFTEN_TEXT: Record<Alert['frequency'], string> = {
  instant: 'as soon as listings are published',
  weekly: 'once a week',
};

type Loaded = { kind: 'loading' } | { kind: 'failed'; reason: string } | { kind: 'ready'; alerts: Alert[] };

async function load(token: string): Promise<Loaded> {
  const answer = await fetchJson<{ alerts: Alert[] }>(
    `/api/alerts/manage?token=${encodeURIComponent(token)}`,
  );
  return answer.ok ? { kind: 'ready', alerts: answer.data.alerts } : { kind: 'failed', reason: answer.error };
}

/** The manage page (an e-mailed link, no password): every alert of the address, each with pause or resume and delete. */
export default function ManageAlerts() {
  const [token, setToken] = useState<string | null>(null);
  const [state, setState] = useState<Loaded>({ kind: 'loading' });
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const t = new URLSearchParams(window.location.search).get('token') ?? '';
    setToken(t);
    load(t).then(setState);
  }, []);

  const act = async (id: string, action: 'pause' | 'resume' | 'delete') => {
    if (!token) return;
    setProblem(null);
    const answer = await fetchJson('/api/alerts/manage', { method: 'POST', json: { token, id, action } });
    if (!answer.ok) setProblem(answer.error);
    setState(await load(token));
  };

  if (token === null || state.kind === 'loading') return <p role="status">Loading your alerts...</p>;
  if (state.kind === 'failed') return <p role="alert">{state.reason}</p>;
  return (
    <div className="space-y-4">
      <Problem message={problem} />
      <ul className="space-y-3">
        {state.alerts.map((a) => (
          <li key={a.id} className="rounded-lg border border-stone-200 p-4">
            <p className="font-semibold">{a.label}</p>
            <p className="text-sm text-stone-700">
              {STATUS_TEXT[a.status]} · e-mails {OFTEN_TEXT[a.frequency]} ·{' '}
              <a href={`/browse?${a.query}`} className="underline">
                See these listings
              </a>
            </p>
            <div className="mt-2 flex gap-3">
              {a.status !== 'pending' && (
                <button
                  type="button"
                  className="rounded border px-3 py-1"
                  onClick={() => act(a.id, a.status === 'paused' ? 'resume' : 'pause')}
                  aria-label={`${a.status === 'paused' ? 'Resume' : 'Pause'} ${a.label}`}
                >
                  {a.status === 'paused' ? 'Resume' : 'Pause'}
                </button>
              )}
              <button
                type="button"
                className="rounded border border-red-300 px-3 py-1 text-red-800"
                onClick={() => act(a.id, 'delete')}
                aria-label={`Delete ${a.label}`}
              >
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
      {state.alerts.length === 0 && <p>No alerts left for this address.</p>}
    </div>
  );
}
