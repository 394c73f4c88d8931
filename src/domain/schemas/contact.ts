import { CONTACT_CATEGORIES } from '../lists';
import { MAX, optionalText, requiredEmail, requiredLines, requiredText } from './fields';
import { z } from './z';

const CATEGORY_VALUES = CONTACT_CATEGORIES.map((c) => c.value) as [string, ...string[]];

/** The contact form (spec sections 3 and 5, D19, D22): category is optional. */
export const contactSchema = z.object({
  name: requiredText('Name is required', MAX.name),
  email: requiredEmail('Email is required'),
  subject: requiredText('Subject is required', MAX.subject),
  category: optionalText(40).pipe(
    z.union([z.literal(''), z.enum(CATEGORY_VALUES)], { error: 'Please choose a category from the list' }),
  ),
  message: requiredLines('Message is required', MAX.message),
});
export type ContactMessage = z.output<typeof contactSchema>;
export { type ContactFormState, EMPTY_CONTACT } from './forms';
