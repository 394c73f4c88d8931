import { useState } from 'react';
import { MAX } from '../../domain/schemas/forms';
import { EmailField, FormEnd, NameField, TextField } from '../forms/form-controls';
import { lazyCheck } from '../forms/send-form';
import { useFormSubmission } from '../forms/use-form-submission';

const EMPTY = { name: '', email: '', role: '', proof: '' };
const fieldId = (f: string) => `claim-${f}`;
const claimCheck = lazyCheck(() => import('../../domain/schemas/owner').then((m) => m.claimSchema));

/** A claim by someone whose address is not on file: checked like every form, decided by staff. */
export function ClaimForm({ slug }: { slug: string }) {
  const [sent, setSent] = useState('');
  const submission = useFormSubmission<typeof EMPTY & { slug: string }>({
    empty: { ...EMPTY, slug },
    endpoint: '/api/owner/claim',
    check: claimCheck,
    fieldId,
    onStored: () => {
      setSent('Thank you: our team will check your claim and e-mail you.');
      return false;
    },
    failureToast: { title: 'Claim not sent', description: 'Please try again in a few minutes.' },
  });
  const { bind, onSubmit } = submission;
  if (sent)
    return (
      <p role="status" className="rounded-md bg-emerald-50 p-3 text-emerald-950">
        {sent}
      </p>
    );
  return (
    <form method="post" noValidate onSubmit={onSubmit} onFocus={claimCheck.preload} className="space-y-4">
      <NameField {...bind('name')} label="Your Name" />
      <EmailField {...bind('email')} label="Your Email" />
      <TextField
        {...bind('role')}
        label="Your Role"
        required
        maxLength={MAX.name}
        hint="Owner, manager, host..."
      />
      <TextField
        {...bind('proof')}
        label="Proof"
        required
        maxLength={500}
        hint="A phone number we can call at the property, or a link (your website's team page, a booking profile)."
      />
      <FormEnd state={submission} label="Send Claim" kept="Your answers are still here." />
    </form>
  );
}
