import { useId, useState } from 'react';
import { Problem } from '../shared/Problem';

/** Approve, or refuse with a reason (required: the e-mail tells the owner why). */
export function DecisionForm({
  what,
  onDecide,
}: {
  what: string;
  onDecide: (approve: boolean, reason: string) => Promise<string>;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  async function decide(approve: boolean) {
    if (!approve && !reason.trim()) {
      setError('Give a reason to refuse: the e-mail tells them why.');
      return;
    }
    setBusy(true);
    setError(await onDecide(approve, reason.trim()));
    setBusy(false);
  }
  return (
    <div className="mt-3 flex flex-wrap items-end gap-2">
      <div>
        <label htmlFor={`${id}-reason`} className="block text-sm font-medium">
          Reason (to refuse the {what})
        </label>
        <input
          id={`${id}-reason`}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1 rounded-md border border-stone-300 px-2 py-1.5"
        />
      </div>
      <button
        type="button"
        disabled={busy}
        onClick={() => decide(true)}
        className="rounded-md bg-emerald-800 px-3 py-1.5 font-semibold text-white"
      >
        Approve
      </button>
      <button
        type="button"
        disabled={busy}
        onClick={() => decide(false)}
        className="rounded-md border border-red-700 px-3 py-1.5 font-semibold text-red-800"
      >
        Refuse
      </button>
      {error && (
        <p id={`${id}-error`} role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** What the last action said (announced politely) and what went wrong (announced at once). */
export function Outcome({ message, error }: { message: string; error: string }) {
  return (
    <>
      <p role="status" className="mt-2 font-medium text-emerald-900">
        {message}
      </p>
      <Problem message={error} />
    </>
  );
}
