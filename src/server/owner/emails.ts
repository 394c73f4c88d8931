import type { ListingChange, OwnerClaim } from '../../data/owner-store';
import type { OutgoingEmail } from '../../data/store';
import { columnLabel } from '../../domain/form-fields';
import { changeValueText } from '../../domain/owner-form';
import { listingPath } from '../../domain/slug';
import { email } from '../email/compose';

/** A listing column as people read it: the form's own label (src/domain/form-fields.ts). */
const OTHER_NAMES: Record<string, string> = {
  latitude: 'Latitude',
  longitude: 'Longitude',
  photos: 'Photos',
};
export const fieldName = (field: string) => OTHER_NAMES[field] ?? columnLabel(field);

/** The claimant hears staff's decision; approval tells them how to sign in. */
export function claimDecidedEmail(
  claim: OwnerClaim,
  approve: boolean,
  reason: string | null,
  siteUrl: string,
): OutgoingEmail {
  const subject = approve
    ? `Your claim of "${claim.property_name}" was approved`
    : `Your claim of "${claim.property_name}" was not approved`;
  const paragraphs = approve
    ? [
        `Hello ${claim.name},`,
        `We approved your claim: you now manage ${claim.property_name} in the directory.`,
        `Sign in with this address to edit it: ${siteUrl}/sign-in`,
      ]
    : [
        `Hello ${claim.name},`,
        `We could not confirm that you manage ${claim.property_name}.`,
        ...(reason ? [`Reason: ${reason}`] : []),
        'Reply to this e-mail with more proof if you think this is a mistake.',
      ];
  return email(approve ? 'claim_approved' : 'claim_refused', claim.email, subject, paragraphs, []);
}

/** The owner hears staff's decision on their proposal, with what it changed. */
export function changeDecidedEmail(
  change: ListingChange,
  approve: boolean,
  reason: string | null,
  siteUrl: string,
): OutgoingEmail {
  const what = change.kind === 'unpublish' ? 'request to unpublish' : 'changes';
  const subject = `Your ${what} to "${change.property_name}" ${approve ? 'were approved' : 'were not approved'}`;
  const outcome =
    change.kind === 'unpublish'
      ? `${change.property_name} is no longer listed.`
      : `The listing shows them once the site is rebuilt (a few minutes): ${siteUrl}${listingPath(change.slug)}`;
  const paragraphs = approve
    ? [`Hello,`, `We approved your ${what} to ${change.property_name}.`, outcome]
    : [
        `Hello,`,
        `We did not approve your ${what} to ${change.property_name}; the listing stays as it was.`,
        ...(reason ? [`Reason: ${reason}`] : []),
      ];
  const rows = Object.entries(change.changes).map(
    ([field, value]) => [fieldName(field), changeValueText(value)] as const,
  );
  return email(approve ? 'change_approved' : 'change_refused', change.email, subject, paragraphs, rows);
}

/** Staff hear that a claim or an owner's change waits in the console. */
export function staffNoticeEmail(
  to: string,
  what: 'claim' | 'edit' | 'unpublish',
  listing: { property_name: string; slug: string },
  from: string,
  siteUrl: string,
): OutgoingEmail {
  const subject =
    what === 'claim'
      ? `New claim of "${listing.property_name}"`
      : what === 'edit'
        ? `Owner's changes to "${listing.property_name}" wait for review`
        : `Owner asks to unpublish "${listing.property_name}"`;
  const queue = what === 'claim' ? 'Claims' : 'Changes';
  return email(
    `owner_${what}`,
    to,
    subject,
    [
      `${from} sent a ${what === 'claim' ? 'claim' : 'request'} for ${listing.property_name} (${listing.slug}).`,
      `Review it in the ${queue} queue: ${siteUrl}/staff`,
    ],
    [],
  );
}
