import { CONTACT_CATEGORIES } from '../../domain/lists';
import { type ContactFormState, EMPTY_CONTACT, HONEYPOT_FIELD, MAX } from '../../domain/schemas/forms';
import { REPLY_HOURS, SUPPORT_EMAIL } from '../../site';
import { showToast } from '../../stores/toasts';
import { Honeypot, SelectField, SubmitButton, TextAreaField, TextField } from './form-controls';
import { lazyCheck } from './send-form';
import { useFormSubmission } from './use-form-submission';

type Field = keyof ContactFormState;
const FIELD_ORDER = Object.keys(EMPTY_CONTACT) as Field[];
const fieldId = (f: string) => `contact-${f}`;
const contactCheck = lazyCheck(() => import('../../domain/schemas/contact').then((m) => m.contactSchema));

/**
 * The contact form (spec sections 2-4, 8; D19): really sent to POST /api/contact, stored and forwarded to staff.
 * Success resets the form; a failure says so and keeps what was typed.
 */
export default function ContactForm() {
  const {
    bind: field,
    busy,
    failure,
    trap,
    setTrap,
    onSubmit,
  } = useFormSubmission({
    empty: EMPTY_CONTACT,
    endpoint: '/api/contact',
    check: contactCheck,
    order: FIELD_ORDER,
    fieldId,
    onStored: (_notified, reset) => {
      reset();
      showToast({
        title: 'Message sent successfully!',
        description: `We'll get back to you within ${REPLY_HOURS} hours.`,
      });
      return false;
    },
    failureToast: {
      title: 'Message not sent',
      description: `Please try again, or e-mail us at ${SUPPORT_EMAIL}.`,
    },
  });

  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      onFocus={contactCheck.preload}
      className="relative space-y-4"
    >
      <p className="text-sm text-stone-600">
        Fields marked <span className="text-red-700">*</span> are required.
      </p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField {...field('name')} label="Name" required autoComplete="name" maxLength={MAX.name} />
        <TextField
          {...field('email')}
          label="Email"
          type="email"
          required
          autoComplete="email"
          maxLength={MAX.email}
        />
      </div>
      <TextField {...field('subject')} label="Subject" required maxLength={MAX.subject} />
      <SelectField
        {...field('category')}
        label="Category"
        placeholder="Select a category"
        options={CONTACT_CATEGORIES}
      />
      <TextAreaField {...field('message')} label="Message" required rows={6} maxLength={MAX.message} />
      <Honeypot name={HONEYPOT_FIELD} value={trap} onChange={setTrap} />
      <SubmitButton busy={busy} label="Send Message" busyLabel="Sending..." />
      {failure && (
        <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {failure} Your message is still here.
        </p>
      )}
    </form>
  );
}
