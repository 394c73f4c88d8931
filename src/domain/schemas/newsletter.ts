import { requiredEmail } from './fields';
import { z } from './z';

/** The blog's newsletter box: one address. */
export const newsletterSchema = z.object({
  email: requiredEmail('Email is required'),
});
export type NewsletterSignup = z.output<typeof newsletterSchema>;
