import { useEffect, useState } from 'react';
import { postJson, type Session } from './api';

/**
 * The page a sign-in link opens. Its token is in the URL fragment, which browsers never send to a server; signing in
 * takes a click, so a mail scanner that opens links cannot use the link up.
 */
export default function SignInConfirm() {
  const [token, setToken] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const fromHash = window.location.hash.slice(1);
    setToken(fromHash);
    // The token leaves the address bar (and the history) at once.
    if (fromHash) history.replaceState(null, '', window.location.pathname);
  }, []);

  async function confirm() {
    setBusy(true);
    const answer = await postJson<Session>('/api/auth/confirm', { token });
    setBusy(false);
    if (answer.ok) window.location.assign(answer.data.staff ? '/staff' : answer.data.owner ? '/owner' : '/');
    else setError(answer.error);
  }

  if (token === null) return null;
  if (!token || error)
    return (
      <div role="alert" className="space-y-3">
        <p className="text-red-700">
          {error ||
            'This sign-in link is incomplete. Open the whole link from the e-mail, or ask for a new one.'}
        </p>
        <a href="/sign-in" className="font-medium text-emerald-800 underline">
          Ask for a new sign-in link
        </a>
      </div>
    );
  return (
    <button
      type="button"
      onClick={confirm}
      disabled={busy}
      className="rounded-md bg-emerald-800 px-5 py-2 font-semibold text-white hover:bg-emerald-900 disabled:opacity-60"
    >
      {busy ? 'Signing in…' : 'Sign in'}
    </button>
  );
}
