/** The e-mails of reviews (docs/reviews.md): one-time links to the writer, staff decisions to writer and owner. */
import type { OutgoingEmail } from '../../data/store';
import { type ReviewReason, reviewReasonLabel } from '../../domain/reviews';
import { listingPath } from '../../domain/slug';
import { email } from '../email/compose';

type Mail = Omit<OutgoingEmail, 'to_address'>;
const withoutAddress = ({ to_address: _, ...mail }: OutgoingEmail): Mail => mail;

/** The link page: the token rides in the fragment, so it never reaches a server log or a Referer. */
export const reviewLink = (origin: string, token: string) => `${origin}/reviews/link#${token}`;

/** "Confirm your review": the one-time link that sends a new review to moderation. */
export function confirmReviewEmail(
  to: string,
  propertyName: string,
  link: string,
  minutes: number,
): OutgoingEmail {
  return email(
    'review-link',
    to,
    `Confirm your review of ${propertyName}`,
    [
      'Hello,',
      `Thank you for reviewing ${propertyName}. To confirm your address and send your review to our team, open this link within ${minutes} minutes. It works once.`,
      link,
      'If you did not write this review, ignore this e-mail: without the link it is never published.',
    ],
    [],
  );
}

/** A link to confirm, edit or withdraw a review the address wrote (asked for from the listing page). */
export function manageReviewEmail(propertyName: string, link: string, minutes: number): Mail {
  return withoutAddress(
    email(
      'review-link',
      '',
      `Your review of ${propertyName}`,
      [
        'Hello,',
        `Here is the link you asked for: open it within ${minutes} minutes to confirm, edit or withdraw your review of ${propertyName}. It works once.`,
        link,
        'If you did not ask for it, ignore this e-mail.',
      ],
      [],
    ),
  );
}

/** The writer hears the decision either way; a rejection names its reason from the fixed list. */
export function reviewDecidedEmail(
  review: { slug: string; property_name: string },
  reason: ReviewReason | null,
  siteUrl: string,
): Mail {
  const page = `${siteUrl}${listingPath(review.slug)}`;
  const paragraphs =
    reason === null
      ? [
          'Hello,',
          `Your review of ${review.property_name} is published. It appears on the listing page after the next update of the site, usually within minutes.`,
          page,
        ]
      : [
          'Hello,',
          `We could not publish your review of ${review.property_name}: ${reviewReasonLabel(reason)}. Our rules are on ${siteUrl}/reviews-policy. We never decide on a review because of its rating.`,
        ];
  const subject =
    reason === null
      ? `Your review of ${review.property_name} is published`
      : `Your review of ${review.property_name} was not published`;
  return withoutAddress(email('review-decided', '', subject, paragraphs, []));
}

/** The owner hears what became of their reply. */
export function replyDecidedEmail(
  reply: { slug: string; property_name: string },
  reason: ReviewReason | null,
  siteUrl: string,
): Mail {
  const subject =
    reason === null
      ? `Your reply on ${reply.property_name} is published`
      : `Your reply on ${reply.property_name} was not published`;
  const what =
    reason === null
      ? `Your reply is published under the review on ${siteUrl}${listingPath(reply.slug)}.`
      : `We could not publish your reply: ${reviewReasonLabel(reason)}. Our rules are on ${siteUrl}/reviews-policy.`;
  return withoutAddress(email('reply-decided', '', subject, ['Hello,', what], []));
}

/**
 * Why an address may not review a listing, told by e-mail to that address only: the page answers the same either
 * way, so nobody learns from the form whose address owns a listing or is staff.
 */
export function refusalEmails(propertyName: string, siteUrl: string) {
  const mail = (why: string) =>
    withoutAddress(
      email(
        'review-refused',
        '',
        `Your review of ${propertyName} cannot be published`,
        ['Hello,', why, `Our rules for reviews: ${siteUrl}/reviews-policy`],
        [],
      ),
    );
  return {
    owner: mail(
      `This address owns or manages ${propertyName} (it is on file for the listing or claimed it), so it cannot review it: a review by the owner would be a conflict of interest. You can reply to travelers' reviews from your owner page instead.`,
    ),
    staff: mail(
      `This address belongs to the directory's staff, who moderate reviews, so it cannot review ${propertyName}.`,
    ),
    duplicate: mail(
      `This address already reviewed ${propertyName} in the last 12 months: one review per address and listing a year. You can edit your review through the link "Edit or withdraw my review" on the listing page.`,
    ),
  };
}
