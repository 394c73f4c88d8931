import { useState } from 'react';
import { HONEYPOT_FIELD, MAX } from '../../domain/schemas/forms';
import { EMPTY_REVIEW, type ReviewFormState } from '../../domain/schemas/review';
import { OpenFromListing, SentForListing, useQueryParam } from '../forms/for-listing';
import { Honeypot, SubmitButton, TextField } from '../forms/form-controls';
import { lazyCheck } from '../forms/send-form';
import { useFormSubmission } from '../forms/use-form-submission';
import { Problem } from '../shared/Problem';
import { ReviewFields } from './review-fields';

const fieldId = (f: string) => `review-${f}`;
const reviewCheck = lazyCheck(() => import('../../domain/schemas/review').then((m) => m.reviewSchema));

/**
 * "Write a review" (docs/reviews.md), on a page of its own (/reviews/write?listing=<slug>): the listing page and the
 * dialog only link here. The writer then confirms by the e-mailed link; the page says so.
 */
export default function ReviewForm() {
  const listing = useQueryParam('listing');
  const [sent, setSent] = useState(false);
  const { bind, busy, failure, errors, trap, setTrap, onSubmit } = useFormSubmission<ReviewFormState>({
    empty: EMPTY_REVIEW,
    endpoint: '/api/reviews',
    check: reviewCheck,
    fieldId,
    extra: () => ({ values: { listing: listing ?? '' } as Partial<ReviewFormState> }),
    onStored: () => {
      setSent(true);
      return false;
    },
    failureToast: { title: 'Review not sent', description: 'Please try again in a moment.' },
  });

  if (listing === null) return null;
  if (!listing) return <OpenFromListing action="Write a review" />;
  if (sent)
    return (
      <SentForListing listing={listing}>
        <p className="font-medium text-emerald-900">Check your inbox to confirm your review.</p>
        <p>
          We sent you a link that works once, for an hour. Your review reaches our team only once you open it;
          if this address may not review this listing, the e-mail says why.
        </p>
      </SentForListing>
    );
  return (
    <form method="post" noValidate onSubmit={onSubmit} onFocus={reviewCheck.preload} className="space-y-4">
      <Problem message={errors.listing} />
      <ReviewFields bind={bind} />
      <TextField
        {...bind('email')}
        label="Your e-mail (never shown)"
        type="email"
        required
        hint="We send you a link to confirm your review."
        autoComplete="email"
        maxLength={MAX.email}
      />
      <Honeypot name={HONEYPOT_FIELD} value={trap} onChange={setTrap} />
      <SubmitButton busy={busy} label="Send my review" busyLabel="Sending..." />
      {failure && (
        <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {failure} Your review is still here.
        </p>
      )}
    </form>
  );
}
