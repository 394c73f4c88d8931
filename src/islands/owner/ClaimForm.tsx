import { useState } from 'react';
import { MAX } from '../../domain/schemas/forms';
import { Honeypot, SubmitButton, TextField } from '../forms/form-controls';
import { lazyCheck } from '../forms/send-form';
import { useFormSubmission } from '../forms/use-form-submission';

const EMPTY = { name: '', email: '', role: '', proof: '' };
const ORDER = ['name', 'email', 'role', 'proof'] as const;
const fieldId = (f: string) => `claim-${f}`;
const claimCheck = lazyCheck(() => import('../../domain/schemas/owner').then((m) => m.claimSchema));

/** A claim by someone whose address is not on file (issue 14): checked like every form, decided by staff. */
export function ClaimForm({ slug }: { slug: string }) {
  const [sent, setSent] = useState('');
  const { bind, busy, failure, trap, setTrap, onSubmit } = useFormSubmission<typeof EMPTY & { slug: string }>(
    {
      empty: { ...EMPTY, slug },
      endpoint: '/api/owner/claim',
      check: claimCheck,
      order: ORDER,
      fieldId,
      onStored: () => {
        setSent('Thank you: our team will check your claim and e-mail you.');
        return false;
      },
      failureToast: { title: 'Claim not sent', description: 'Please try again in a few minutes.' },
    },
  );
  if (sent)
    return (
      <p role="status" className="rounded-md bg-emerald-50 p-3 text-emerald-950">
        {sent}
      </p>
    );
  return (
    <form method="post" noValidate onSubmit={onSubmit} onFocus={claimCheck.preload} className="space-y-4">
      <TextField {...bind('name')} label="Your Name" required autoComplete="name" maxLength={MAX.name} />
      <TextField
        {...bind('email')}
        label="Your Email"
        type="email"
        required
        autoComplete="email"
        maxLength={MAX.email}
      />
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
      <Honeypot name="company_website" value={trap} onChange={setTrap} />
      <SubmitButton busy={busy} label="Send Claim" busyLabel="Sending..." />
      {failure && (
        <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {failure} Your answers are still here.
        </p>
      )}
    </form>
  );
}
