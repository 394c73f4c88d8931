import { type ReactNode, type SubmitEvent, useCallback, useEffect, useId, useState } from 'react';
import { EDITABLE_FIELDS, type EditableField } from '../../domain/schemas/import';
import type { StaffRequestInput } from '../../domain/staff/contracts';
import type { AuditEntry, StaffListing } from '../../domain/staff/rows';
import { Problem } from '../shared/Problem';
import { StaffPhotos } from './StaffPhotos';
import { staffCall } from './staff-call';

type Pending = 'reject' | 'unverify' | null;

/** The actions of this panel, on its listing (the panel adds the id). */
type PanelRequest = WithoutId<
  StaffRequestInput<
    'verify' | 'reject' | 'unverify' | 'feature' | 'unfeature' | 'edit' | 'photo-cover' | 'photo-remove'
  >
>;
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

const shown = (value: unknown) =>
  Array.isArray(value) ? value.join('; ') : value == null ? '' : String(value);

/** One listing for review: every field, the owner's private contact, the actions, and its audit history. */
const ACTION_TONES = {
  primary: 'rounded-md bg-emerald-800 px-4 py-2 font-semibold text-white',
  danger: 'rounded-md border border-red-700 px-4 py-2 font-semibold text-red-800',
  plain: 'rounded-md border border-stone-400 px-4 py-2 font-semibold',
};

/** One of the listing's decision buttons; disabled while a decision is being sent. */
function ActionButton({
  busy,
  onClick,
  tone = 'plain',
  children,
}: {
  busy: boolean;
  onClick: () => void;
  tone?: keyof typeof ACTION_TONES;
  children: ReactNode;
}) {
  return (
    <button type="button" disabled={busy} onClick={onClick} className={ACTION_TONES[tone]}>
      {children}
    </button>
  );
}

export function ListingPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const uid = useId();
  const [listing, setListing] = useState<StaffListing | null>(null);
  const [audit, setAudit] = useState<AuditEntry[]>([]);
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [confirming, setConfirming] = useState<Pending>(null);
  const [reason, setReason] = useState('');
  const [field, setField] = useState<EditableField>(EDITABLE_FIELDS[0] ?? 'property_name');
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const [one, history] = await Promise.all([
      staffCall({ action: 'show', id }),
      staffCall({ action: 'audit', id }),
    ]);
    if (one.ok) setListing(one.data.listing);
    else setError(one.error);
    if (history.ok) setAudit(history.data.audit);
  }, [id]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (listing) setValue(shown(listing[field]));
  }, [listing, field]);

  async function act(body: PanelRequest) {
    setBusy(true);
    setError('');
    setMessage('');
    const answer = await staffCall({ ...body, id });
    setBusy(false);
    if (!answer.ok) {
      setError(answer.error);
      return;
    }
    setMessage(answer.data.message);
    setConfirming(null);
    setReason('');
    await load();
  }

  function edit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void act({ action: 'edit', field, value });
  }

  if (!listing)
    return (
      <section aria-label="Listing" className="rounded-lg border border-stone-200 bg-white p-4">
        {error ? <p role="alert">{error}</p> : <p>Loading…</p>}
      </section>
    );
  const l = listing;
  return (
    <section aria-labelledby={`${uid}-title`} className="rounded-lg border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={`${uid}-title`} className="text-xl font-semibold">
          {l.property_name}
        </h2>
        <button type="button" onClick={onClose} className="text-sm underline">
          Close
        </button>
      </div>
      <p className="mt-1 text-stone-700">
        Status: <strong>{l.verification_status}</strong>
        {l.featured ? ' · featured' : ''}
        {l.verification_status === 'verified' && (
          <>
            {' · '}
            <a href={`/listings/${l.slug}`} className="underline">
              public page
            </a>
          </>
        )}
      </p>
      <p className="mt-1 text-stone-700">
        Owner (private): {l.owner_name ? `${l.owner_name} <${l.owner_email}>` : 'no owner contact'}
      </p>

      <div role="status" className="mt-3 min-h-6 font-medium text-emerald-900">
        {message}
      </div>
      <Problem message={error} />

      <div className="mt-3 flex flex-wrap gap-2">
        {l.verification_status !== 'verified' && (
          <ActionButton busy={busy} onClick={() => act({ action: 'verify' })} tone="primary">
            Verify and publish
          </ActionButton>
        )}
        {l.verification_status !== 'rejected' && (
          <ActionButton busy={busy} onClick={() => setConfirming('reject')} tone="danger">
            Reject…
          </ActionButton>
        )}
        {l.verification_status === 'verified' && (
          <ActionButton busy={busy} onClick={() => setConfirming('unverify')}>
            Unpublish…
          </ActionButton>
        )}
        <ActionButton busy={busy} onClick={() => act({ action: l.featured ? 'unfeature' : 'feature' })}>
          {l.featured ? 'Unfeature' : 'Feature'}
        </ActionButton>
      </div>

      {confirming === 'reject' && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void act({ action: 'reject', reason });
          }}
          className="mt-3 space-y-2 rounded-md border border-red-200 bg-red-50 p-3"
        >
          <label htmlFor={`${uid}-reason`} className="block font-medium">
            Reason (e-mailed to the owner)
          </label>
          <textarea
            id={`${uid}-reason`}
            required
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            rows={3}
            className="w-full rounded-md border border-stone-300 p-2"
          />
          <div className="flex gap-2">
            <button
              type="submit"
              disabled={busy || !reason.trim()}
              className="rounded-md bg-red-800 px-4 py-2 font-semibold text-white"
            >
              Reject and e-mail the owner
            </button>
            <button type="button" onClick={() => setConfirming(null)} className="rounded-md border px-4 py-2">
              Cancel
            </button>
          </div>
        </form>
      )}
      {confirming === 'unverify' && (
        <div className="mt-3 space-y-2 rounded-md border border-amber-200 bg-amber-50 p-3">
          <p>Take this listing off the public site? It goes back to pending.</p>
          <div className="flex gap-2">
            <button
              type="button"
              disabled={busy}
              onClick={() => act({ action: 'unverify' })}
              className="rounded-md bg-amber-800 px-4 py-2 font-semibold text-white"
            >
              Unpublish now
            </button>
            <button type="button" onClick={() => setConfirming(null)} className="rounded-md border px-4 py-2">
              Cancel
            </button>
          </div>
        </div>
      )}

      <form onSubmit={edit} className="mt-4 grid gap-2 sm:grid-cols-[12rem_1fr_auto] sm:items-end">
        <div>
          <label htmlFor={`${uid}-field`} className="block font-medium">
            Field to edit
          </label>
          <select
            id={`${uid}-field`}
            value={field}
            onChange={(e) => setField(e.target.value as EditableField)}
            className="mt-1 w-full rounded-md border border-stone-300 px-2 py-2"
          >
            {EDITABLE_FIELDS.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${uid}-value`} className="block font-medium">
            New value
          </label>
          <input
            id={`${uid}-value`}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            className="mt-1 w-full rounded-md border border-stone-300 px-2 py-2"
          />
        </div>
        <button
          type="submit"
          disabled={busy}
          className="rounded-md border border-stone-400 px-4 py-2 font-semibold"
        >
          Save field
        </button>
      </form>

      <StaffPhotos
        photos={l.photos}
        name={l.property_name}
        busy={busy}
        onAct={(action, photo) => act({ action, photo })}
      />

      <h3 className="mt-6 font-semibold">Every field</h3>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
        {Object.entries(l)
          .filter(([k]) => k !== 'age_hours' && k !== 'photos')
          .map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="font-medium text-stone-600">{k}</dt>
              <dd className="break-words">{shown(v)}</dd>
            </div>
          ))}
      </dl>

      <h3 className="mt-6 font-semibold">History</h3>
      {audit.length === 0 ? (
        <p className="text-sm text-stone-700">No staff action yet.</p>
      ) : (
        <ol className="mt-2 space-y-1 text-sm">
          {audit.map((a) => (
            <li key={`${a.at}-${a.action}-${a.field ?? ''}`}>
              {a.at.slice(0, 16).replace('T', ' ')} · {a.actor} · {a.action}
              {a.new_status ? ` (${a.old_status ?? 'new'} → ${a.new_status})` : ''}
              {a.field && a.action === 'edit'
                ? ` ${a.field}: “${a.old_value ?? ''}” → “${a.new_value ?? ''}”`
                : ''}
              {a.reason ? ` · reason: ${a.reason}` : ''}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
