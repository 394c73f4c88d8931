import { useEffect, useState } from 'react';
import { listingPath } from '../../domain/slug';
import { fetchJson } from '../shared/fetch-json';

/**
 * The page the renewal e-mail's "still accurate" link opens (issue 14). The token is in the URL fragment, which is
 * never sent to a server, and confirming takes a click: a mail scanner that follows links cannot renew a listing.
 */
export default function RenewalConfirm() {
  const [token, setToken] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [done, setDone] = useState<{ slug: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const fromHash = window.location.hash.slice(1);
    setToken(fromHash);
    if (fromHash) history.replaceState(null, '', window.location.pathname);
  }, []);

  async function confirm() {
    setBusy(true);
    const answer = await fetchJson<{ slug: string; message: string }>('/api/renewal/confirm', {
      json: { token },
    });
    setBusy(false);
    if (answer.ok) setDone(answer.data);
    else setError(answer.error);
  }

  if (token === null) return null;
  if (done)
    return (
      <div role="status" className="space-y-3">
        <p className="font-medium text-emerald-900">{done.message}</p>
        <a href={listingPath(done.slug)} className="font-medium text-emerald-800 underline">
          See your listing
        </a>
      </div>
    );
  if (!token || error)
    return (
      <p role="alert" className="text-red-700">
        {error || 'This link is incomplete. Open the whole link from the e-mail.'}
      </p>
    );
  return (
    <button
      type="button"
      onClick={confirm}
      disabled={busy}
      className="rounded-md bg-emerald-800 px-5 py-2 font-semibold text-white hover:bg-emerald-900 disabled:opacity-60"
    >
      {busy ? 'Confirming…' : 'Yes, my listing is still accurate'}
    </button>
  );
}
