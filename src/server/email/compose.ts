import type { OutgoingEmail } from '../../data/store';
import { formColumns } from '../../domain/form-fields';
import { goodToKnow } from '../../domain/good-to-know';
import { coordinateSourceText } from '../../domain/places/placement';
import type { ContactMessage } from '../../domain/schemas/contact';
import { REPLY_HOURS, REVIEW_HOURS } from '../../site';
import type { PlacedSubmission } from '../submissions';
import type { EmailConfig } from './config';
import { headerText, htmlDocument, htmlTable, textLines } from './text';

type Rows = ReadonlyArray<readonly [string, string]>;

/** One e-mail of ours: the paragraphs (and a table of rows) as plain text and as HTML. */
export function email(
  kind: string,
  to: string,
  subject: string,
  paragraphs: string[],
  rows: Rows,
): OutgoingEmail {
  const text = rows.length > 0 ? [...paragraphs, '', textLines(rows)].join('\n\n') : paragraphs.join('\n\n');
  return {
    kind,
    to_address: to,
    subject: headerText(subject),
    text_body: text,
    html_body: htmlDocument(paragraphs, rows.length > 0 ? htmlTable(rows) : ''),
  };
}

function submissionRows(s: PlacedSubmission): Rows {
  return [
    ['Property name', s.propertyName],
    ['Owner name', s.ownerName],
    ['Email', s.email],
    ['Phone', s.phone],
    ['Address', s.address],
    ['City', s.city],
    ['State', s.state],
    ['ZIP code', s.zipCode],
    ['Accommodation type', s.accommodationType],
    ['Setting type', s.settingType],
    ['Price range', s.priceRange],
    ['Website', s.website],
    ['Amenities', s.amenities.join(', ')],
    ['Latitude, longitude', `${s.latitude}, ${s.longitude}`],
    // D28: staff see whether the owner gave the position or the gazetteer placed it.
    ['Coordinates', coordinateSourceText(s.coordinatesSource, s.zipCode, s.city)],
    // what the owner stated of the facts travelers filter by, so staff check it with the rest.
    ['Good to know', factsText(s)],
    ['Description', s.description],
  ];
}

function factsText(s: PlacedSubmission): string {
  const lines = goodToKnow(formColumns(s));
  return lines.join('; ') || 'Nothing stated';
}

/**
 * The owner's receipt's copy of the submission: what they chose from our lists. The receipt goes to an address nobody
 * has confirmed yet, so it repeats nothing typed in the form's own words: otherwise anyone could make the site mail
 * their text, under our name, to any address. The whole submission is on the owner page, behind the e-mailed sign-in.
 */
function receiptRows(s: PlacedSubmission): Rows {
  const facts = goodToKnow({ ...formColumns(s), accessibility_note: null });
  return [
    ['Accommodation type', s.accommodationType],
    ['Setting type', s.settingType],
    ['Price range', s.priceRange],
    ['State', s.state],
    ['ZIP code', s.zipCode],
    ['Amenities', s.amenities.join(', ')],
    ['Good to know', facts.join('; ') || 'Nothing stated'],
    ['Photos', String(s.photos.length)],
  ];
}

/**
 * The two e-mails of a submission (D24): the staff notification and the owner's receipt. `siteUrl` is the configured
 * public origin (config.siteUrl), never a request's Host.
 */
export function submissionEmails(s: PlacedSubmission, config: EmailConfig, siteUrl: string): OutgoingEmail[] {
  return [
    email(
      'listing_submitted_staff',
      config.staff,
      `New listing to review: ${s.propertyName} (${s.city}, ${s.state})`,
      [
        `A new listing was submitted and is pending review. Please review it within ${REVIEW_HOURS} hours.`,
        `Reply to the owner at ${s.email}.`,
      ],
      submissionRows(s),
    ),
    email(
      'listing_submitted_owner',
      s.email,
      'We received your listing',
      [
        'Hello,',
        'Thank you for listing your property on Glamping Directory USA. Listing is free: no fees, no commissions.',
        `We review every listing within ${REVIEW_HOURS} hours and will e-mail you when it is published. Our team may contact you by phone or e-mail if anything needs checking.`,
        `To see everything you sent or change your listing later, open your owner page, ${siteUrl}/owner, and sign in with this e-mail address: we e-mail you a link, no password needed. Every change is reviewed before it goes live. How it works: ${siteUrl}/for-owners`,
        'If you did not submit a listing, you can ignore this e-mail: nothing is published without our review.',
        'A copy of the details you chose. What you wrote in your own words (name, address, phone, website, description) is on your owner page, not in an e-mail anyone could have had sent to this address:',
      ],
      receiptRows(s),
    ),
  ];
}

/** The staff notification of a contact message (D19). */
export function contactEmails(m: ContactMessage, config: EmailConfig): OutgoingEmail[] {
  return [
    email(
      'contact_message_staff',
      config.staff,
      `Contact form: ${m.subject}`,
      [`A visitor wrote through the contact form. Reply to ${m.email} within ${REPLY_HOURS} hours.`],
      [
        ['Name', m.name],
        ['Email', m.email],
        ['Category', m.category],
        ['Subject', m.subject],
        ['Message', m.message],
      ],
    ),
  ];
}

/** The links of a newsletter address: confirm (once) and unsubscribe (in every message). */
export function newsletterLinks(siteUrl: string, tokens: { confirm: string; unsubscribe: string }) {
  return {
    confirm: `${siteUrl}/api/newsletter/confirm?token=${tokens.confirm}`,
    unsubscribe: `${siteUrl}/api/newsletter/unsubscribe?token=${tokens.unsubscribe}`,
  };
}

/**
 * Headers of every newsletter message: mail clients show an unsubscribe button that unsubscribes in one click
 * (RFC 2369 List-Unsubscribe, RFC 8058 List-Unsubscribe-Post: the client POSTs to the link).
 */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/**
 * The double opt-in e-mail: nothing is sent to the address but this until its link is opened. It carries none of
 * the visitor's text, only our own, and an unsubscribe link like every newsletter message.
 */
export function newsletterConfirmEmail(
  to: string,
  siteUrl: string,
  tokens: { confirm: string; unsubscribe: string },
): OutgoingEmail {
  const links = newsletterLinks(siteUrl, tokens);
  return {
    ...email(
      'newsletter_confirm',
      to,
      'Please confirm your Glamping Directory USA newsletter subscription',
      [
        'Hello,',
        'Someone (we hope you) asked to receive the Glamping Directory USA newsletter at this address.',
        `To confirm, open this link: ${links.confirm}`,
        'If you did not ask for it, ignore this e-mail: you will not receive anything else from us.',
        `Unsubscribe at any time: ${links.unsubscribe}`,
      ],
      [],
    ),
    headers: unsubscribeHeaders(links.unsubscribe),
  };
}

/** The e-mailed sign-in link: it works once, for `minutes`; nothing else in it is a link. */
export function signInEmail(to: string, link: string, minutes: number): OutgoingEmail {
  return email(
    'sign-in',
    to,
    'Your Glamping Directory USA sign-in link',
    [
      'Hello,',
      `To sign in, open this link within ${minutes} minutes. It works once.`,
      link,
      'If you did not ask to sign in, ignore this e-mail: nobody can sign in without the link.',
    ],
    [],
  );
}
