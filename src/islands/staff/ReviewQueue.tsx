import { useCallback, useEffect, useState } from 'react';
import { REVIEW_REASONS, type ReviewReason, reviewReasonLabel, stayMonthText } from '../../domain/reviews';
import { listingPath } from '../../domain/slug';
import type { StaffRequestInput } from '../../domain/staff/contracts';
import type { ReviewQueue as Queue } from '../../domain/staff/review-rows';
import { Outcome } from './decision';
import { staffCall } from './staff-call';

type ReviewAction = StaffRequestInput<
  | 'reviews'
  | 'review-publish'
  | 'review-reject'
  | 'reply-publish'
  | 'reply-reject'
  | 'review-report-keep'
  | 'review-report-remove'
>;
const primary = 'rounded-md bg-emerald-800 px-3 py-1 text-white';
const plain = 'rounded-md border border-stone-400 px-3 py-1';

/** Publish, or reject with a reason from the fixed list (never the rating): one control per queued item. */
function Decide({
  label,
  onPublish,
  onReject,
}: {
  label: string;
  onPublish: () => void;
  onReject: (r: ReviewReason) => void;
}) {
  const [reason, setReason] = useState<ReviewReason | ''>('');
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      <button type="button" onClick={onPublish} className={primary}>
        Publish<span className="sr-only"> ({label})</span>
      </button>
      <label className="text-sm">
        Reason<span className="sr-only"> to reject ({label})</span>{' '}
        <select
          value={reason}
          onChange={(e) => setReason(e.target.value as ReviewReason)}
          className="rounded border px-1"
        >
          <option value="">Choose</option>
          {REVIEW_REASONS.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </select>
      </label>
      <button type="button" disabled={!reason} onClick={() => reason && onReject(reason)} className={plain}>
        Reject<span className="sr-only"> ({label})</span>
      </button>
    </div>
  );
}

/** "Reviews": confirmed reviews oldest first with their signals, owners' replies, and reports of published reviews. */
export function ReviewQueue() {
  const [queue, setQueue] = useState<Queue | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const run = useCallback(async (body: ReviewAction) => {
    const a = await staffCall(body);
    if (a.ok) {
      setQueue(a.data.reviewQueue);
      if (body.action !== 'reviews') setMessage(a.data.message);
      setError('');
    } else setError(a.error);
  }, []);
  useEffect(() => {
    void run({ action: 'reviews' });
  }, [run]);
  if (!queue) return error ? <p role="alert">{error}</p> : <p>Loading reviews…</p>;
  return (
    <section aria-labelledby="reviews-title" className="mt-8 space-y-4">
      <h2 id="reviews-title" className="text-xl font-semibold">
        Reviews ({queue.reviews.length})
      </h2>
      <Outcome message={message} error={error} />
      {queue.reviews.length === 0 && <p>No reviews waiting.</p>}
      <ul className="space-y-3">
        {queue.reviews.map((r) => (
          <li key={r.id} className="rounded-md border border-stone-300 p-3">
            <p>
              <a href={listingPath(r.slug)} className="font-semibold underline">
                {r.property_name}
              </a>{' '}
              · {r.rating}/5 · {r.display_name} &lt;{r.email}&gt; · stayed {stayMonthText(r.stay_month)}
            </p>
            {r.title && <p className="font-medium">{r.title}</p>}
            <p className="whitespace-pre-line">{r.body}</p>
            {r.signals.length > 0 && <p className="text-sm text-red-800">Signals: {r.signals.join(', ')}</p>}
            <Decide
              label={`review by ${r.display_name} of ${r.property_name}`}
              onPublish={() => run({ action: 'review-publish', review: r.id })}
              onReject={(reason) => run({ action: 'review-reject', review: r.id, reason })}
            />
          </li>
        ))}
      </ul>
      <h3 className="text-lg font-semibold">Owners' replies ({queue.replies.length})</h3>
      <ul className="space-y-3">
        {queue.replies.map((p) => (
          <li key={p.review_id} className="rounded-md border border-stone-300 p-3">
            <p className="text-sm">
              {p.property_name} · reply by {p.owner_email} to: {p.review_body.slice(0, 200)}
            </p>
            <p className="whitespace-pre-line">{p.proposed_body}</p>
            <Decide
              label={`reply on ${p.property_name}`}
              onPublish={() => run({ action: 'reply-publish', review: p.review_id })}
              onReject={(reason) => run({ action: 'reply-reject', review: p.review_id, reason })}
            />
          </li>
        ))}
      </ul>
      <h3 className="text-lg font-semibold">Reported reviews ({queue.reports.length})</h3>
      <ul className="space-y-3">
        {queue.reports.map((k) => (
          <li key={k.id} className="rounded-md border border-stone-300 p-3">
            <p>
              {k.property_name}: {reviewReasonLabel(k.reason)}
              {k.open_for_review > 1 && ` (${k.open_for_review} open reports)`}
            </p>
            <p className="whitespace-pre-line text-sm">{k.review_body}</p>
            {k.message && <p className="text-sm">Reporter: {k.message}</p>}
            <div className="mt-2 flex gap-2">
              <button
                type="button"
                className={plain}
                onClick={() => run({ action: 'review-report-keep', report: k.id })}
              >
                Keep the review<span className="sr-only"> ({k.property_name})</span>
              </button>
              <button
                type="button"
                className={primary}
                onClick={() => run({ action: 'review-report-remove', report: k.id })}
              >
                Remove the review<span className="sr-only"> ({k.property_name})</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
