import { type SubmitEvent, useId, useState } from 'react';
import { EMAIL_PATTERN } from '../../domain/schemas/forms';
import { Problem } from '../shared/Problem';
import { postJson } from './api';

/** The e-mail sign-in form: the answer is the same whatever the address, so it reveals nobody. */
export default function SignInForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [failure, setFailure] = useState('');
  const [sent, setSent] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure('');
    if (!EMAIL_PATTERN.test(email.trim())) {
      setError('Please enter a valid email');
      return;
    }
    setError('');
    setBusy(true);
    const answer = await postJson<{ message: string }>('/api/auth/sign-in', { email });
    setBusy(false);
    if (answer.ok) setSent(answer.data.message);
    else if (answer.fields?.email) setError(answer.fields.email);
    else setFailure(answer.error);
  }

  if (sent)
    return (
      <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-4 text-emerald-950">
        {sent}
      </p>
    );
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div>
        <label htmlFor={`${id}-email`} className="block font-medium">
          Email
        </label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1 w-full rounded-md border border-stone-300 px-3 py-2"
        />
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <Problem message={failure} />
      <button
        type="submit"
        disabled={busy}
        className="rounded-md bg-emerald-800 px-5 py-2 font-semibold text-white hover:bg-emerald-900 disabled:opacity-60"
      >
        {busy ? 'Sending…' : 'Email me a sign-in link'}
      </button>
    </form>
  );
}
