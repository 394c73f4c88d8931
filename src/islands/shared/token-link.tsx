import { useEffect, useState } from 'react';

type Answer<T> = { ok: true; data: T } | { ok: false; error: string };

/** An e-mailed link's token, read once from the URL fragment, which then leaves the address bar and the history. */
export function useFragmentToken(): string | null {
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => {
    const fromHash = window.location.hash.slice(1);
    setToken(fromHash);
    if (fromHash) history.replaceState(null, '', window.location.pathname);
  }, []);
  return token;
}

/**
 * An e-mailed link's token, as the page it opens uses it. The token is in the URL fragment, which browsers never
 * send to a server, and leaves the address bar (and the history) at once; using it takes a click (`confirm`), so a
 * mail scanner that opens links cannot use it up. `token` is null until the page has read it, '' when missing.
 */
export function useTokenLink<T>(send: (token: string) => Promise<Answer<T>>, onDone: (data: T) => void) {
  const token = useFragmentToken();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    const answer = await send(token ?? '');
    setBusy(false);
    if (answer.ok) onDone(answer.data);
    else setError(answer.error);
  }
  return { token, error, busy, confirm };
}

/** The one click that uses a link's token. */
export function ConfirmButton({
  busy,
  onClick,
  label,
  busyLabel,
}: {
  busy: boolean;
  onClick: () => void;
  label: string;
  busyLabel: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      className="rounded-md bg-emerald-800 px-5 py-2 font-semibold text-white hover:bg-emerald-900 disabled:opacity-60"
    >
      {busy ? busyLabel : label}
    </button>
  );
}
