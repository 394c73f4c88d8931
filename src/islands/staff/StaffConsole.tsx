import { type SubmitEvent, useCallback, useEffect, useId, useState } from 'react';
import type { StaffRequestInput } from '../../domain/staff/contracts';
import type { ListedListing } from '../../domain/staff/rows';
import { SignedInBar } from '../shared/SignedInBar';
import { TitledSection } from '../shared/TitledSection';
import { getJson, type Session } from './api';
import { ChangesQueue } from './ChangesQueue';
import { ClaimsQueue } from './ClaimsQueue';
import { InsightsPanel } from './InsightsPanel';
import { ListingPanel } from './ListingPanel';
import { ListingTable } from './ListingTable';
import { Members } from './Members';
import { RenewalQueue } from './RenewalQueue';
import { ReportQueue } from './ReportQueue';
import { ReviewQueue } from './ReviewQueue';
import { staffCall } from './staff-call';

type Tab = 'queue' | 'reviews' | 'claims' | 'changes' | 'search' | 'insights' | 'staff' | 'site';
const TABS: Array<[Tab, string]> = [
  ['queue', 'Queue'],
  ['reviews', 'Reviews'],
  ['claims', 'Claims'],
  ['changes', 'Changes'],
  ['search', 'Search'],
  ['insights', 'Insights'],
  ['staff', 'Staff'],
  ['site', 'Site'],
];

/**
 * The staff console. The page ships no listing data: everything comes from the staff function, for a
 * signed-in staff session only.
 */
export default function StaffConsole() {
  const [session, setSession] = useState<Session | null | 'loading' | 'failed'>('loading');
  const [tab, setTab] = useState<Tab>('queue');
  const [open, setOpen] = useState<string | null>(null);

  useEffect(() => {
    void getJson<Session>('/api/auth/session').then((a) =>
      setSession(a.ok ? a.data : a.status === 401 ? null : 'failed'),
    );
  }, []);

  if (session === 'loading') return <p>Loading…</p>;
  if (session === 'failed')
    return <p role="alert">The console could not reach the server. Reload to try again.</p>;
  if (!session)
    return (
      <p>
        You are not signed in.{' '}
        <a href="/sign-in" className="font-medium text-emerald-800 underline">
          Sign in
        </a>
      </p>
    );
  if (!session.staff) return <p role="alert">{session.email} may not use the staff console.</p>;

  return (
    <div>
      <SignedInBar email={session.email} />
      <nav aria-label="Console sections" className="mt-4 flex flex-wrap gap-2 border-b border-stone-300 pb-2">
        {TABS.map(([key, label]) => (
          <button
            key={key}
            type="button"
            aria-current={tab === key ? 'page' : undefined}
            onClick={() => {
              setTab(key);
              setOpen(null);
            }}
            className={`rounded-md px-3 py-1.5 font-medium ${tab === key ? 'bg-emerald-800 text-white' : 'border border-stone-300'}`}
          >
            {label}
          </button>
        ))}
      </nav>
      <div className="mt-4">
        {open ? (
          // Closing the panel mounts the queue again, which reloads it: it shows the decisions just made.
          <ListingPanel id={open} onClose={() => setOpen(null)} />
        ) : tab === 'queue' ? (
          <>
            <Queue onOpen={(l) => setOpen(l.id)} />
            <ReportQueue />
            <RenewalQueue onOpen={setOpen} />
          </>
        ) : tab === 'reviews' ? (
          <ReviewQueue />
        ) : tab === 'claims' ? (
          <ClaimsQueue />
        ) : tab === 'changes' ? (
          <ChangesQueue />
        ) : tab === 'search' ? (
          <Search onOpen={(l) => setOpen(l.id)} />
        ) : tab === 'insights' ? (
          <InsightsPanel />
        ) : tab === 'staff' ? (
          <Members self={session.email} />
        ) : (
          <Site />
        )}
      </div>
    </div>
  );
}

function Queue({ onOpen }: { onOpen: (l: ListedListing) => void }) {
  const [listings, setListings] = useState<ListedListing[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    void staffCall({ action: 'list' }).then((a) => (a.ok ? setListings(a.data.listings) : setError(a.error)));
  }, []);
  if (error) return <p role="alert">{error}</p>;
  if (!listings) return <p>Loading the queue…</p>;
  return (
    <TitledSection title={<>Pending submissions ({listings.length}), oldest first</>}>
      <ListingTable listings={listings} caption="Pending submissions" onOpen={onOpen} />
    </TitledSection>
  );
}

type SearchStatus = NonNullable<StaffRequestInput<'search'>['status']>;

function Search({ onOpen }: { onOpen: (l: ListedListing) => void }) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState('');
  const [result, setResult] = useState<{ message: string; listings: ListedListing[] } | null>(null);
  const [error, setError] = useState('');
  async function search(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const answer = await staffCall({
      action: 'search',
      query,
      ...(status ? { status: status as SearchStatus } : {}),
    });
    if (answer.ok) {
      setResult({ message: answer.data.message, listings: answer.data.listings });
      setError('');
    } else setError(answer.error);
  }
  return (
    <TitledSection title="Search all listings">
      <form onSubmit={search} className="mt-3 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={`${id}-q`} className="block font-medium">
            Name, slug, city or state
          </label>
          <input
            id={`${id}-q`}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className="mt-1 rounded-md border border-stone-300 px-2 py-2"
          />
        </div>
        <div>
          <label htmlFor={`${id}-status`} className="block font-medium">
            Status
          </label>
          <select
            id={`${id}-status`}
            value={status}
            onChange={(e) => setStatus(e.target.value)}
            className="mt-1 rounded-md border border-stone-300 px-2 py-2"
          >
            <option value="">Any</option>
            <option value="pending">Pending</option>
            <option value="verified">Verified</option>
            <option value="rejected">Rejected</option>
          </select>
        </div>
        <button type="submit" className="rounded-md bg-emerald-800 px-4 py-2 font-semibold text-white">
          Search
        </button>
      </form>
      {error && <p role="alert">{error}</p>}
      <p role="status" className="mt-3">
        {result?.message ?? ''}
      </p>
      {result && <ListingTable listings={result.listings} caption="Search results" onOpen={onOpen} />}
    </TitledSection>
  );
}

function Site() {
  const [state, setState] = useState<{ message: string; last: string | null } | null>(null);
  const [message, setMessage] = useState('');
  const load = useCallback(async () => {
    const a = await staffCall({ action: 'rebuild-status' });
    if (a.ok) setState({ message: a.data.message, last: a.data.rebuildState.lastRequestedAt });
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  async function rebuild() {
    const a = await staffCall({ action: 'rebuild' });
    setMessage(a.ok ? `${a.data.message} (${a.data.rebuild})` : a.error);
    await load();
  }
  return (
    <TitledSection title="Public site">
      <p className="mt-2">{state?.message ?? 'Loading…'}</p>
      <p className="mt-1">
        Last rebuild requested: {state?.last ? state.last.slice(0, 16).replace('T', ' ') : 'never'}
      </p>
      <button
        type="button"
        onClick={rebuild}
        className="mt-3 rounded-md bg-emerald-800 px-4 py-2 font-semibold text-white"
      >
        Rebuild now
      </button>
      <p role="status" className="mt-2">
        {message}
      </p>
    </TitledSection>
  );
}
