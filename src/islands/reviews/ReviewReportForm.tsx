import { REVIEW_REASONS } from '../../domain/reviews';
import { SelectField, TextAreaField } from '../forms/form-controls';
import { lazyCheck } from '../forms/send-form';
import { QueryForm } from './QueryForm';

const check = lazyCheck(() => import('../../domain/schemas/review').then((m) => m.reviewReportSchema));

/** "Report this review" (/reviews/report?review=<id>): a reason from the moderation list; the review stays up meanwhile. */
export default function ReviewReportForm() {
  return (
    <QueryForm
      endpoint="/api/reviews/report"
      param="review"
      empty={{ reason: '', message: '' }}
      check={check}
      fields={(bind) => (
        <>
          <SelectField
            {...bind('reason')}
            label="What is wrong with this review?"
            required
            placeholder="Choose one"
            options={REVIEW_REASONS}
          />
          <TextAreaField {...bind('message')} label="Details (optional)" rows={4} maxLength={2000} />
        </>
      )}
      missing={<>Open “Report this review” from the review itself.</>}
      done={
        <p className="font-medium text-emerald-900">
          Thank you: our team will look at this review. It stays up until they decide.
        </p>
      }
      submit="Send report"
    />
  );
}
