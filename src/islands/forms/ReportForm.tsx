import { useState } from 'react';
import { MAX } from '../../domain/schemas/forms';
import { EMPTY_REPORT, REPORT_REASONS, type ReportFormState } from '../../domain/schemas/report';
import { Problem } from '../shared/Problem';
import { OpenFromListing, SentForListing, useQueryParam } from './for-listing';
import { EmailField, FormEnd, SelectField, TextAreaField } from './form-controls';
import { lazyCheck } from './send-form';
import { useFormSubmission } from './use-form-submission';

const fieldId = (f: string) => `report-${f}`;
const reportCheck = lazyCheck(() => import('../../domain/schemas/report').then((m) => m.reportSchema));

/**
 * "Report a problem", on a page of its own (/report?listing=<slug>): the listing page and dialog only
 * link here, so none of this code is loaded until a traveler wants to report.
 */
export default function ReportForm() {
  const listing = useQueryParam('listing');
  const [sent, setSent] = useState(false);
  const submission = useFormSubmission<ReportFormState>({
    empty: EMPTY_REPORT,
    endpoint: '/api/reports',
    check: reportCheck,
    fieldId,
    extra: () => ({ values: { listing: listing ?? '' } }),
    onStored: () => {
      setSent(true);
      return false;
    },
    failureToast: { title: 'Report not sent', description: 'Please try again in a moment.' },
  });

  const { bind, errors, onSubmit } = submission;

  if (listing === null) return null;
  if (!listing) return <OpenFromListing action="Report a problem" />;
  if (sent)
    return (
      <SentForListing listing={listing}>
        <p className="font-medium text-emerald-900">Thank you: your report reached our team.</p>
      </SentForListing>
    );
  return (
    <form method="post" noValidate onSubmit={onSubmit} onFocus={reportCheck.preload} className="space-y-4">
      <Problem message={errors.listing} />
      <SelectField
        {...bind('reason')}
        label="What is wrong?"
        required
        placeholder="Choose one"
        options={REPORT_REASONS}
      />
      <TextAreaField {...bind('message')} label="Details (optional)" rows={4} maxLength={MAX.message} />
      <EmailField
        {...bind('email')}
        label="Your e-mail, if you would like to hear back (optional)"
        required={false}
      />
      <FormEnd state={submission} label="Send report" kept="Your report is still here." />
    </form>
  );
}
