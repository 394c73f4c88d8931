import { useCallback, useEffect, useState } from 'react';
import { verifiedLabel } from '../../domain/format';
import { listingPath } from '../../domain/slug';
import type { OpenRenewal } from '../../domain/staff/rows';
import { TitledSection } from '../shared/TitledSection';
import { staffCall } from './staff-call';

/**
 * "Due for re-verification": listings whose owner was asked "still accurate?" and has not answered;
 * those unanswered for 60 days come first, for staff to decide (re-verify, or open the listing to unverify it).
 */
export function RenewalQueue({ onOpen }: { onOpen: (id: string) => void }) {
  const [renewals, setRenewals] = useState<OpenRenewal[] | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const load = useCallback(async () => {
    const a = await staffCall({ action: 'renewals-list' });
    if (a.ok) setRenewals(a.data.renewals);
    else setError(a.error);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  async function renew(r: OpenRenewal) {
    const a = await staffCall({ action: 'renew', id: r.listing_id });
    if (a.ok) {
      setMessage(a.data.message);
      await load();
    } else setError(a.error);
  }
  if (error) return <p role="alert">{error}</p>;
  if (!renewals) return <p>Loading listings due for re-verification…</p>;
  return (
    <TitledSection title={<>Due for re-verification ({renewals.length})</>} className="mt-8">
      <p role="status" className="mt-2 font-medium text-emerald-900">
        {message}
      </p>
      {renewals.length === 0 ? (
        <p>No listing is waiting for its owner's answer.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {renewals.map((r) => (
            <li key={r.listing_id} className="flex flex-wrap items-center gap-2">
              <a href={listingPath(r.slug)}>{r.property_name}</a>
              <span>{verifiedLabel(r.verified_at)}</span>
              <span className={r.escalated_at ? 'font-semibold text-red-800' : 'text-stone-600'}>
                {r.escalated_at
                  ? 'No answer for 60 days: staff to decide'
                  : r.owner_email
                    ? `Owner asked ${r.sent_at?.slice(0, 10) ?? ''}`
                    : 'No owner address on file'}
              </span>
              <button
                type="button"
                onClick={() => renew(r)}
                className="rounded-md border border-stone-400 px-3 py-1"
              >
                Re-verify<span className="sr-only"> {r.property_name}</span>
              </button>
              <button
                type="button"
                onClick={() => onOpen(r.listing_id)}
                className="rounded-md border border-stone-400 px-3 py-1"
              >
                Open<span className="sr-only"> {r.property_name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </TitledSection>
  );
}
