import { useEffect, useState } from 'react';
import { changeValueText } from '../../domain/owner-form';
import type { ChangeWithCurrent } from '../../domain/staff/rows';
import { ColumnHeads } from '../shared/ColumnHeads';
import { TitledSection } from '../shared/TitledSection';
import { DecisionForm } from './decision';
import { staffCall } from './staff-call';

interface ShownPhoto {
  id: string;
  widths?: number[];
  caption?: string | null;
}

/**
 * A value of the diff; photos also as small pictures, in order (served to staff only by /api/staff/photos/, so an
 * owner's new uploads can be seen before they are public).
 */
function Shown({ field, value }: { field: string; value: unknown }) {
  const text = changeValueText(value);
  if (field !== 'photos' || !Array.isArray(value) || value.length === 0) return <>{text}</>;
  return (
    <>
      {text}
      <span className="mt-1 flex flex-wrap gap-1">
        {(value as ShownPhoto[]).map((p, i) => (
          <img
            key={p.id}
            src={`/api/staff/photos/${encodeURIComponent(p.id)}/${Math.min(...(p.widths?.length ? p.widths : [400]))}.jpg`}
            alt={p.caption?.trim() || `Photo ${i + 1}`}
            width={96}
            height={64}
            className="h-16 w-24 rounded object-cover"
          />
        ))}
      </span>
    </>
  );
}

/** Owners' proposals (D31): each edit as a field-by-field diff, or a request to unpublish; approve or refuse. */
export function ChangesQueue() {
  const [changes, setChanges] = useState<ChangeWithCurrent[] | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  useEffect(() => {
    void staffCall({ action: 'changes' }).then((a) =>
      a.ok ? setChanges(a.data.changes) : setError(a.error),
    );
  }, []);
  async function decide(change: ChangeWithCurrent, approve: boolean, reason: string) {
    const answer = await staffCall(
      approve
        ? { action: 'change-approve', change: change.id, ...(reason ? { reason } : {}) }
        : { action: 'change-refuse', change: change.id, reason },
    );
    if (!answer.ok) return answer.error;
    setChanges(answer.data.changes);
    setStatus(answer.data.message);
    return '';
  }
  if (error) return <p role="alert">{error}</p>;
  if (!changes) return <p>Loading the changes…</p>;
  return (
    <TitledSection title={<>Owner changes ({changes.length}), oldest first</>}>
      <p role="status" className="mt-2">
        {status}
      </p>
      {changes.length === 0 && <p className="mt-2">No change waits.</p>}
      <ul className="mt-3 space-y-4">
        {changes.map((c) => (
          <li key={c.id} className="rounded-md border border-stone-300 p-3">
            <h3 className="font-semibold">
              {c.kind === 'unpublish' ? 'Unpublish' : 'Edit'}{' '}
              <a href={`/listings/${c.slug}`} className="text-emerald-800 underline">
                {c.property_name}
              </a>{' '}
              <span className="font-normal">by {c.email}</span>
            </h3>
            {c.note && <p className="mt-1">Owner’s note: {c.note}</p>}
            {c.kind === 'edit' && (
              <table className="mt-2 w-full text-left text-sm">
                <caption className="sr-only">Changes to {c.property_name}</caption>
                <ColumnHeads labels={['Field', 'Now', 'Proposed']} />
                <tbody>
                  {Object.entries(c.changes).map(([field, value]) => (
                    <tr key={field} className="border-t border-stone-200 align-top">
                      <th scope="row" className="pr-3 font-medium">
                        {field}
                      </th>
                      <td className="pr-3 text-red-800 line-through">
                        <Shown field={field} value={c.current[field]} />
                      </td>
                      <td className="text-emerald-900">
                        <Shown field={field} value={value} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <DecisionForm
              what={`change to ${c.property_name}`}
              onDecide={(approve, reason) => decide(c, approve, reason)}
            />
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
