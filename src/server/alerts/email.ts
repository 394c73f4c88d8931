import type { AlertTokens } from '../../data/alert-store';
import type { OutgoingEmail } from '../../data/store';
import { PRICE_RANGES } from '../../domain/lists';
import type { Listing } from '../../domain/schemas/listing';
import { listingPath } from '../../domain/slug';
import { email, unsubscribeHeaders } from '../email/compose';
import { escapeHtml, headerText } from '../email/text';

/** The links of an alert: confirm (once), unsubscribe (this alert, one click) and manage (every alert of the address). */
export function alertLinks(siteUrl: string, tokens: Partial<AlertTokens>) {
  return {
    confirm: `${siteUrl}/api/alerts/confirm?token=${tokens.confirm ?? ''}`,
    unsubscribe: `${siteUrl}/api/alerts/unsubscribe?token=${tokens.unsubscribe ?? ''}`,
    manage: `${siteUrl}/alerts/manage?token=${tokens.manage ?? ''}`,
  };
}

/**
 * The double opt-in e-mail: nothing else goes to the address until its link is opened. It names the search in our
 * own words (the label is built from the fixed lists and the place), never free text a stranger typed as a message.
 */
export function alertConfirmEmail(
  to: string,
  label: string,
  siteUrl: string,
  tokens: AlertTokens,
): OutgoingEmail {
  const links = alertLinks(siteUrl, tokens);
  return {
    ...email(
      'alert_confirm',
      to,
      'Please confirm your Glamping Directory USA listing alert',
      [
        'Hello,',
        `Someone (we hope you) asked us to e-mail this address about new listings like these: ${label}.`,
        `To start the alert, open this link: ${links.confirm}`,
        'If you did not ask for it, ignore this e-mail: you will not receive anything else about it.',
        `Manage all your alerts: ${links.manage}`,
        `Stop this alert: ${links.unsubscribe}`,
      ],
      [],
    ),
    headers: unsubscribeHeaders(links.unsubscribe),
  };
}

const priceText = (value: string | null) =>
  PRICE_RANGES.find((p) => p.value === value)?.label ?? 'Price not stated';

/** One listing as the alert shows it: name, place, type, price range and its link. */
function listingLines(l: Listing, siteUrl: string) {
  return {
    name: l.property_name,
    place: `${l.city}, ${l.state}`,
    kind: `${l.accommodation_type} · ${priceText(l.price_range)}`,
    url: `${siteUrl}${listingPath(l.slug)}`,
  };
}

/** The alert itself: the new listings matching the saved search, with one-click unsubscribe and the manage link. */
export function alertMatchesEmail(
  alert: { email: string; label: string; unsubscribe_token: string; manage_token: string },
  listings: readonly Listing[],
  siteUrl: string,
  digest: boolean,
): OutgoingEmail {
  const links = alertLinks(siteUrl, { unsubscribe: alert.unsubscribe_token, manage: alert.manage_token });
  const items = listings.map((l) => listingLines(l, siteUrl));
  const what = items.length === 1 ? 'A new listing' : `${items.length} new listings`;
  const intro = `${what} ${items.length === 1 ? 'matches' : 'match'} your saved search: ${alert.label}.`;
  const footer = [`Manage your alerts: ${links.manage}`, `Stop this alert: ${links.unsubscribe}`];
  const text = [
    'Hello,',
    intro,
    ...items.map((i) => [i.name, i.place, i.kind, i.url].join('\n')),
    ...footer,
  ].join('\n\n');
  const html = [
    `<p>Hello,</p><p>${escapeHtml(intro)}</p><ul>`,
    ...items.map(
      (i) =>
        `<li><a href="${escapeHtml(i.url)}">${escapeHtml(i.name)}</a><br>${escapeHtml(i.place)}<br>${escapeHtml(i.kind)}</li>`,
    ),
    '</ul>',
    `<p><a href="${escapeHtml(links.manage)}">Manage your alerts</a> · `,
    `<a href="${escapeHtml(links.unsubscribe)}">Stop this alert</a></p>`,
  ].join('');
  return {
    kind: digest ? 'alert_digest' : 'alert_matches',
    to_address: alert.email,
    subject: headerText(`${digest ? 'This week: ' : ''}${what} for ${alert.label}`),
    text_body: text,
    html_body: `<!doctype html><html><body style="font-family:sans-serif">${html}</body></html>`,
    headers: unsubscribeHeaders(links.unsubscribe),
  };
}
