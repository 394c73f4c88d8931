import { CONTACT_CATEGORIES } from '../../domain/lists';
import { EMPTY_CONTACT, MAX } from '../../domain/schemas/forms';
import { REPLY_HOURS, SUPPORT_EMAIL } from '../../site';
import { showToast } from '../../stores/toasts';
import {
  EmailField,
  FormEnd,
  NameField,
  RequiredNote,
  SelectField,
  TextAreaField,
  TextField,
} from './form-controls';
import { lazyCheck } from './send-form';
import { useFormSubmission } from './use-form-submission';

const fieldId = (f: string) => `contact-${f}`;
const contactCheck = lazyCheck(() => import('../../domain/schemas/contact').then((m) => m.contactSchema));

/**
 * The contact form (spec sections 2-4, 8; D19): really sent to POST /api/contact, stored and forwarded to staff.
 * Success resets the form; a failure says so and keeps what was typed.
 */
export default function ContactForm() {
  const submission = useFormSubmission({
    empty: EMPTY_CONTACT,
    endpoint: '/api/contact',
    check: contactCheck,
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

  const { bind: field, onSubmit } = submission;

  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      onFocus={contactCheck.preload}
      className="relative space-y-4"
    >
      <RequiredNote />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <NameField {...field('name')} />
        <EmailField {...field('email')} />
      </div>
      <TextField {...field('subject')} label="Subject" required maxLength={MAX.subject} />
      <SelectField
        {...field('category')}
        label="Category"
        placeholder="Select a category"
        options={CONTACT_CATEGORIES}
      />
      <TextAreaField {...field('message')} label="Message" required rows={6} maxLength={MAX.message} />
      <FormEnd state={submission} label="Send Message" kept="Your message is still here." />
    </form>
  );
}
