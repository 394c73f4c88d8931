import { useEffect, useState } from 'react';
import type { OwnerClaim } from '../../domain/staff/rows';
import { TitledSection } from '../shared/TitledSection';
import { DecisionForm } from './decision';
import { staffCall } from './staff-call';

/** "Is this your property?" claims by addresses not on file: staff approve or refuse each. */
export function ClaimsQueue() {
  const [claims, setClaims] = useState<OwnerClaim[] | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  useEffect(() => {
    void staffCall({ action: 'claims' }).then((a) => (a.ok ? setClaims(a.data.claims) : setError(a.error)));
  }, []);
  async function decide(claim: OwnerClaim, approve: boolean, reason: string) {
    const answer = await staffCall(
      approve
        ? { action: 'claim-approve', claim: claim.id, ...(reason ? { reason } : {}) }
        : { action: 'claim-refuse', claim: claim.id, reason },
    );
    if (!answer.ok) return answer.error;
    setClaims(answer.data.claims);
    setStatus(answer.data.message);
    return '';
  }
  if (error) return <p role="alert">{error}</p>;
  if (!claims) return <p>Loading the claims…</p>;
  return (
    <TitledSection title={<>Claims ({claims.length}), oldest first</>}>
      <p role="status" className="mt-2">
        {status}
      </p>
      {claims.length === 0 && <p className="mt-2">No claim waits.</p>}
      <ul className="mt-3 space-y-4">
        {claims.map((c) => (
          <li key={c.id} className="rounded-md border border-stone-300 p-3">
            <h3 className="font-semibold">
              {c.name} ({c.role}) claims{' '}
              <a href={`/listings/${c.slug}`} className="text-emerald-800 underline">
                {c.property_name}
              </a>
            </h3>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
              <dt>E-mail</dt>
              <dd>{c.email}</dd>
              <dt>Proof</dt>
              <dd className="break-all">{c.proof}</dd>
              <dt>Sent</dt>
              <dd>{c.created_at.slice(0, 10)}</dd>
            </dl>
            <DecisionForm
              what={`claim by ${c.email}`}
              onDecide={(approve, reason) => decide(c, approve, reason)}
            />
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
