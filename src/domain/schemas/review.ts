/**
 * A traveler's review as the form sends it and the functions check it (docs/reviews.md): the same messages in the
 * browser and in a function's 400. Writing needs the listing and an address; an edit (through a one-time link) sends
 * only the review's own fields.
 */
import { REVIEW_LIMITS, REVIEW_REASON_VALUES, stayMonthProblem, TRAVELLERS } from '../reviews';
import {
  optionalLines,
  optionalText,
  requiredChoice,
  requiredEmail,
  requiredLines,
  requiredText,
} from './fields';
import { z } from './z';

const TRAVELLER_VALUES = TRAVELLERS.map((t) => t.value) as unknown as readonly [string, ...string[]];
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** 1 to 5 stars, from a number or the form's string. */
const rating = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z
    .number({ error: 'Please choose a rating from 1 to 5 stars' })
    .int('Please choose a rating from 1 to 5 stars')
    .min(1, 'Please choose a rating from 1 to 5 stars')
    .max(5, 'Please choose a rating from 1 to 5 stars'),
);

const body = requiredLines('Please write your review', REVIEW_LIMITS.bodyMax).refine(
  (v) => v.length >= REVIEW_LIMITS.bodyMin,
  `Please write at least ${REVIEW_LIMITS.bodyMin} characters`,
);

/** 'YYYY-MM', not in the future, at most 3 years back (checked at the time of the request). */
const stayMonth = requiredText('Please choose the month and year of your stay', 7).superRefine((v, ctx) => {
  const problem = stayMonthProblem(v, new Date());
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** The fields a writer chooses, in a new review and in an edit alike. */
export const reviewFields = z.object({
  rating,
  title: optionalText(REVIEW_LIMITS.title),
  body,
  stayMonth,
  travelledWith: optionalText(20).refine(
    (v) => v === '' || (TRAVELLER_VALUES as readonly string[]).includes(v),
    'Please choose an option from the list',
  ),
  displayName: requiredText('Please enter the name to show with your review', REVIEW_LIMITS.name),
});
export type ReviewFields = z.output<typeof reviewFields>;

/** "Write a review": the listing, the review and the writer's address (never shown). */
export const reviewSchema = reviewFields.extend({
  listing: requiredText('Please write your review from a listing page', 200).refine(
    (v) => SLUG.test(v),
    'Please write your review from a listing page',
  ),
  email: requiredEmail('Please enter your email: we send you a link to confirm your review'),
});
export type NewReview = z.output<typeof reviewSchema>;

/** "Edit or withdraw my review": the writer asks for a one-time link. */
export const reviewLinkRequestSchema = z.object({
  listing: requiredText('Please ask from the listing page', 200),
  email: requiredEmail('Please enter the email you wrote your review with'),
});

/** Anyone's report of a published review, with a reason from the moderation list. */
export const reviewReportSchema = z.object({
  review: z.uuid({ error: 'Please report from the review itself' }),
  reason: requiredChoice(REVIEW_REASON_VALUES, 'Please choose what is wrong'),
  message: optionalLines(2000),
});

/** An owner's public reply to a review of their listing. */
export const replySchema = z.object({
  review: z.uuid({ error: 'Please reply from the review itself' }),
  body: requiredLines('Please write your reply', REVIEW_LIMITS.replyMax).refine(
    (v) => v.length >= REVIEW_LIMITS.replyMin,
    'Please write a reply',
  ),
});

/** What the review form holds while the traveler types. */
export interface ReviewFormState {
  rating: string;
  title: string;
  body: string;
  stayMonth: string;
  travelledWith: string;
  displayName: string;
  email: string;
}
export const EMPTY_REVIEW: ReviewFormState = {
  rating: '',
  title: '',
  body: '',
  stayMonth: '',
  travelledWith: '',
  displayName: '',
  email: '',
};
