import { useEffect, useState } from 'react';
import { EMPTY_REVIEW, type ReviewFormState } from '../../domain/schemas/review';
import { listingPath } from '../../domain/slug';
import type { ReviewRow } from '../../domain/staff/review-rows';
import { SubmitButton } from '../forms/form-controls';
import { fetchJson } from '../shared/fetch-json';
import { useFragmentToken } from '../shared/token-link';
import { ReviewFields } from './review-fields';

interface Linked extends ReviewRow {
  slug: string;
  property_name: string;
  purpose: 'confirm' | 'manage';
}

const fieldId = (f: string) => `review-${f}`;
const button =
  'rounded-md bg-emerald-800 px-5 py-2 font-semibold text-white hover:bg-emerald-900 disabled:opacity-60';

/**
 * The page a review's e-mailed link opens (/reviews/link#<token>): confirm the review, or edit or withdraw it. The
 * token is in the fragment, never sent to a server log; the link is used up only by the click that acts.
 */
export default function ReviewLink() {
  const token = useFragmentToken();
  const [review, setReview] = useState<Linked | null>(null);
  const [form, setForm] = useState<ReviewFormState>(EMPTY_REVIEW);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!token) return;
    fetchJson<{ review: Linked }>('/api/reviews/link', { method: 'POST', json: { token } }).then((a) => {
      if (!a.ok) return setError(a.error);
      const r = a.data.review;
      setReview(r);
      setForm({
        ...EMPTY_REVIEW,
        rating: String(r.rating),
        title: r.title,
        body: r.body,
        stayMonth: r.stay_month,
        travelledWith: r.travelled_with ?? '',
        displayName: r.display_name,
      });
    });
  }, [token]);

  async function act(path: 'confirm' | 'edit' | 'withdraw') {
    setBusy(true);
    setErrors({});
    const body = path === 'edit' ? { token, ...form } : { token };
    const answer = await fetchJson<{ message: string }>(`/api/reviews/${path}`, {
      method: 'POST',
      json: body,
    });
    setBusy(false);
    if (answer.ok) return setMessage(answer.data.message);
    const fields = (answer.data as { fields?: Record<string, string> } | null)?.fields;
    if (fields) setErrors(fields);
    else setError(answer.error);
  }

  if (token === null) return null;
  if (!token || error)
    return (
      <p role="alert" className="text-red-700">
        {error ||
          'This link is incomplete. Open the whole link from the e-mail, or ask for a new one on the listing page.'}
      </p>
    );
  if (!review) return <p>Opening your review…</p>;
  const back = (
    <a href={listingPath(review.slug)} className="font-medium text-emerald-800 underline">
      Back to {review.property_name}
    </a>
  );
  if (message)
    return (
      <div role="status" className="space-y-3">
        <p className="font-medium text-emerald-900">{message}</p>
        {back}
      </div>
    );
  if (review.purpose === 'confirm')
    return (
      <div className="space-y-4">
        <p>Your review of {review.property_name}, as you wrote it:</p>
        <blockquote className="whitespace-pre-line border-l-2 pl-3">{review.body}</blockquote>
        <button type="button" className={button} disabled={busy} onClick={() => act('confirm')}>
          {busy ? 'Confirming…' : 'Confirm my review'}
        </button>
      </div>
    );
  const bind = <K extends keyof ReviewFormState & string>(key: K) => ({
    id: fieldId(key),
    value: form[key],
    onChange: (value: string) => setForm((f) => ({ ...f, [key]: value })),
    error: errors[key],
  });
  return (
    <div className="space-y-8">
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          act('edit');
        }}
      >
        <p>
          Edit your review of {review.property_name}. An edited review goes back to our team before it shows
          again.
        </p>
        <ReviewFields bind={bind} />
        <SubmitButton busy={busy} label="Save my changes" busyLabel="Saving..." />
      </form>
      <div className="space-y-2 border-t pt-4">
        <p>Or take your review off the site:</p>
        <button type="button" className={button} disabled={busy} onClick={() => act('withdraw')}>
          Withdraw my review
        </button>
      </div>
    </div>
  );
}
