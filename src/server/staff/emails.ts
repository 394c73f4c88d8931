import type { OutgoingEmail } from '../../data/store';
import { listingPath } from '../../domain/slug';
import { escapeHtml } from '../email/text';

interface Owner {
  property_name: string;
  slug: string;
  owner_name: string | null;
  owner_email: string | null;
}

/** The owner's "your listing is live" e-mail; null when the listing has no owner contact (e.g. seeded data). */
export function publishedEmail(listing: Owner, siteUrl: string | null): OutgoingEmail | null {
  if (!listing.owner_email) return null;
  const name = listing.owner_name ?? 'there';
  const link = `${siteUrl ?? ''}${listingPath(listing.slug)}`;
  return {
    kind: 'listing_published',
    to_address: listing.owner_email,
    subject: `Your listing "${listing.property_name}" is now live`,
    text_body: `Hi ${name},\n\nWe verified ${listing.property_name} and it is now listed in the directory:\n${link}\n`,
    html_body: `<p>Hi ${escapeHtml(name)},</p><p>We verified <strong>${escapeHtml(listing.property_name)}</strong> and it is now listed in the directory: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  };
}

/** The owner's "we could not publish your listing" e-mail, with staff's reason. */
export function rejectedEmail(listing: Owner, reason: string): OutgoingEmail | null {
  if (!listing.owner_email) return null;
  const name = listing.owner_name ?? 'there';
  return {
    kind: 'listing_rejected',
    to_address: listing.owner_email,
    subject: `Your listing "${listing.property_name}" was not published`,
    text_body: `Hi ${name},\n\nWe could not publish ${listing.property_name}.\nReason: ${reason}\n\nReply to this e-mail if you have questions or corrections.\n`,
    html_body: `<p>Hi ${escapeHtml(name)},</p><p>We could not publish <strong>${escapeHtml(listing.property_name)}</strong>.</p><p>Reason: ${escapeHtml(reason)}</p><p>Reply to this e-mail if you have questions or corrections.</p>`,
  };
}
