/**
 * The zod-free half of the form schemas: length limits, the e-mail pattern, the empty forms and their types. The
 * form islands import these on load; the schemas themselves (and zod) are loaded on demand (the first-load budget, docs/performance.md).
 * Types are imported from the schemas, so they still have one definition.
 */
import type { z } from 'zod';
import { FORM_FIELDS } from '../form-fields';
import type { contactSchema } from './contact';
import type { submissionSchema } from './submission';

/** The hidden field people never see and bots fill in (D23); the forms send it, the functions check it. */
export const HONEYPOT_FIELD = 'company_website';

/** The spec's "simple email pattern": something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Maximum lengths of user text (D22). */
export const MAX = {
  name: 120,
  email: 254,
  phone: 25,
  address: 200,
  city: 100,
  zip: 10,
  description: 5000,
  website: 2048,
  coordinate: 32,
  caption: 200,
  subject: 200,
  message: 5000,
} as const;

/** What the list-property form holds while the owner types (every value a string, amenities a list). */
export type SubmissionFormState = {
  [K in Exclude<keyof z.input<typeof submissionSchema>, 'photos'>]: K extends 'amenities' | 'openMonths'
    ? string[]
    : string;
} & {
  /** Uploaded photos, managed by the photo picker rather than a text field. */
  photos?: Array<{ id: string; caption: string }>;
};

/**
 * An empty list-property form: the owner's private contact, the coordinates, and every listing field the form maps
 * (src/domain/form-fields.ts), lists empty and every other value ''.
 */
export const EMPTY_SUBMISSION = {
  ownerName: '',
  email: '',
  latitude: '',
  longitude: '',
  ...Object.fromEntries(
    Object.values(FORM_FIELDS).map(({ form, way }) => [form, way === 'list' || way === 'months' ? [] : '']),
  ),
} as SubmissionFormState;

/** What the contact form holds while the visitor types. */
export type ContactFormState = { [K in keyof z.output<typeof contactSchema>]: string };

export const EMPTY_CONTACT: ContactFormState = {
  name: '',
  email: '',
  subject: '',
  category: '',
  message: '',
};
