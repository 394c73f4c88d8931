import { EmailField } from '../forms/form-controls';
import { lazyCheck } from '../forms/send-form';
import { QueryForm } from './QueryForm';

const check = lazyCheck(() => import('../../domain/schemas/review').then((m) => m.reviewLinkRequestSchema));

/** "Edit or withdraw my review": the writer asks for a one-time link (/reviews/manage?listing=<slug>). */
export default function ReviewLinkRequest() {
  return (
    <QueryForm
      endpoint="/api/reviews/link-request"
      param="listing"
      empty={{ email: '' }}
      check={check}
      fields={(bind) => <EmailField {...bind('email')} label="The e-mail you wrote your review with" />}
      missing={<>Open “Edit or withdraw my review” from the listing itself.</>}
      done={
        <p className="font-medium text-emerald-900">
          If this address wrote a review of this listing, a link to confirm, edit or withdraw it is on its
          way. It works once, for an hour.
        </p>
      }
      submit="Send me a link"
    />
  );
}
