import { useEffect, useState } from 'react';
import { REVIEW_LIMITS, stayMonthText } from '../../domain/reviews';
import { SubmitButton, TextAreaField } from '../forms/form-controls';
import { fetchJson } from '../shared/fetch-json';
import { TitledSection } from '../shared/TitledSection';

interface OwnerReview {
  id: string;
  slug: string;
  rating: number;
  title: string;
  body: string;
  stay_month: string;
  display_name: string;
  reply: string | null;
  proposed_reply: string | null;
}

/** One review of the owner's listing and its reply form: one public reply per review, editable, read by staff first. */
function ReplyTo({ review }: { review: OwnerReview }) {
  const [body, setBody] = useState(review.proposed_reply ?? review.reply ?? '');
  const [error, setError] = useState<string | undefined>();
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  async function send(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    const answer = await fetchJson<{ message: string }>('/api/reviews/reply', {
      method: 'POST',
      json: { review: review.id, body },
    });
    setBusy(false);
    if (answer.ok) return setMessage(answer.data.message);
    const fields = (answer.data as { fields?: Record<string, string> } | null)?.fields;
    setError(fields?.body ?? fields?.review ?? answer.error);
  }
  return (
    <li className="space-y-2 border-b pb-4">
      <p>
        {review.rating}/5 · {review.display_name} · stayed {stayMonthText(review.stay_month)} · {review.slug}
      </p>
      {review.title && <p className="font-semibold">{review.title}</p>}
      <p className="whitespace-pre-line">{review.body}</p>
      {review.reply && <p className="text-sm">Your published reply: {review.reply}</p>}
      {message ? (
        <p role="status">{message}</p>
      ) : (
        <form noValidate onSubmit={send} className="space-y-2">
          <TextAreaField
            id={`reply-${review.id}`}
            label={review.reply ? 'Edit your reply' : 'Reply publicly'}
            value={body}
            onChange={setBody}
            error={error}
            rows={3}
            maxLength={REVIEW_LIMITS.replyMax}
          />
          <SubmitButton busy={busy} label="Send reply" busyLabel="Sending..." />
        </form>
      )}
    </li>
  );
}

/** The signed-in owner's reviews (/owner): nothing for a visitor who is not signed in as an owner. */
export default function OwnerReviews() {
  const [reviews, setReviews] = useState<OwnerReview[] | null>(null);
  useEffect(() => {
    fetchJson<{ reviews: OwnerReview[] }>('/api/reviews/owner').then((a) =>
      setReviews(a.ok ? a.data.reviews : []),
    );
  }, []);
  if (!reviews || reviews.length === 0) return null;
  return (
    <TitledSection title="Travelers' reviews of your listings" className="mt-10 space-y-4">
      <p className="text-sm">You may reply once to each review; our team reads replies before they show.</p>
      <ul className="space-y-4">
        {reviews.map((r) => (
          <ReplyTo key={r.id} review={r} />
        ))}
      </ul>
    </TitledSection>
  );
}
