import { useCallback, useEffect, useId, useState } from 'react';
import type { StaffRequestInput } from '../../domain/staff/contracts';
import type { StaffMember } from '../../domain/staff/rows';
import { TitledSection } from '../shared/TitledSection';
import { Outcome } from './decision';
import { staffCall } from './staff-call';

/** Who may sign in to the console: add a member, or remove one after confirming. */
export function Members({ self }: { self: string }) {
  const id = useId();
  const [members, setMembers] = useState<StaffMember[]>([]);
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [removing, setRemoving] = useState<string | null>(null);
  const run = useCallback(async (body: StaffRequestInput<'staff-list' | 'staff-add' | 'staff-remove'>) => {
    const answer = await staffCall(body);
    if (answer.ok) {
      setMembers(answer.data.staff);
      if (body.action !== 'staff-list') setMessage(answer.data.message);
      setError('');
    } else setError(answer.error);
    return answer.ok;
  }, []);
  useEffect(() => {
    void run({ action: 'staff-list' });
  }, [run]);
  return (
    <TitledSection title="Who may sign in">
      <Outcome message={message} error={error} />
      <ul className="mt-2 space-y-2">
        {members.map((m) => (
          <li key={m.email} className="flex flex-wrap items-center gap-2">
            <span>
              {m.email}
              {m.email === self ? ' (you)' : ''}
            </span>
            {removing === m.email ? (
              <>
                <button
                  type="button"
                  onClick={() =>
                    run({ action: 'staff-remove', email: m.email }).then(() => setRemoving(null))
                  }
                  className="rounded-md bg-red-800 px-3 py-1 text-white"
                >
                  Confirm removing {m.email}
                </button>
                <button
                  type="button"
                  onClick={() => setRemoving(null)}
                  className="rounded-md border px-3 py-1"
                >
                  Cancel
                </button>
              </>
            ) : (
              <button
                type="button"
                onClick={() => setRemoving(m.email)}
                className="rounded-md border border-stone-400 px-3 py-1"
              >
                Remove<span className="sr-only"> {m.email}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void run({ action: 'staff-add', email }).then((ok) => ok && setEmail(''));
        }}
        className="mt-4 flex flex-wrap items-end gap-2"
      >
        <div>
          <label htmlFor={`${id}-email`} className="block font-medium">
            Add a staff member (e-mail)
          </label>
          <input
            id={`${id}-email`}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className="mt-1 rounded-md border border-stone-300 px-2 py-2"
          />
        </div>
        <button type="submit" className="rounded-md bg-emerald-800 px-4 py-2 font-semibold text-white">
          Add
        </button>
      </form>
    </TitledSection>
  );
}
