import { useState } from 'react';
import { listingPath } from '../../domain/slug';
import { fetchJson } from '../shared/fetch-json';
import { ConfirmButton, useTokenLink } from '../shared/token-link';

type Renewed = { slug: string; message: string };
const renew = (token: string) => fetchJson<Renewed>('/api/renewal/confirm', { json: { token } });

/**
 * The page the renewal e-mail's "still accurate" link opens: confirming takes a click (useTokenLink), so
 * a mail scanner that follows links cannot renew a listing.
 */
export default function RenewalConfirm() {
  const [done, setDone] = useState<Renewed | null>(null);
  const { token, error, busy, confirm } = useTokenLink(renew, setDone);

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
    <ConfirmButton
      busy={busy}
      onClick={confirm}
      label="Yes, my listing is still accurate"
      busyLabel="Confirming…"
    />
  );
}
