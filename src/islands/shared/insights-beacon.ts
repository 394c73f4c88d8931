/**
 * The public pages' side of insights (D35, docs/insights.md): one small POST per event to /api/events, without a
 * cookie or any identifier, and nothing at all when the browser asks not to be tracked. Contact clicks are
 * recognised by their links, so the markup needs only the listing it is about (`data-insight-listing`, or a card's
 * title link: src/islands/listing/ListingCard.tsx).
 */
import type { InsightEvent, ListingEvent } from '../../domain/insights';
import { slugOfPath } from '../../domain/listing-path';

const ENDPOINT = '/api/events';
/**
 * A card's title id is this and its listing's card key (src/domain/slug.ts cardKey): a click in a card is about the
 * listing its title links to (a card carries no copy of the slug for this, on every browse page's 24 cards).
 */
export const CARD_TITLE = 'card-';

/** Sends one event; never throws, never waits: a lost event is only a count. */
export function sendInsight(event: InsightEvent): void {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (nav.doNotTrack === '1' || nav.globalPrivacyControl === true) return;
  // keepalive: the request outlives the page when the click leaves it (a website, a call).
  fetch(ENDPOINT, {
    method: 'POST',
    keepalive: true,
    credentials: 'omit',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(event),
  }).catch(() => {});
}

/** The contact action a click is, by the link it lands on; a Save button that is about to save. */
function kindOf(target: Element): ListingEvent | null {
  const save = target.closest('button[data-save], button[data-insight="shortlist"]');
  if (save) return save.getAttribute('aria-pressed') === 'false' ? 'shortlist' : null;
  const link = target.closest('a[href]');
  const href = link?.getAttribute('href') ?? '';
  if (href.startsWith('tel:')) return 'call';
  if (href.startsWith('mailto:')) return 'email';
  if (href.startsWith('https://www.google.com/maps/') || href.startsWith('https://www.openstreetmap.org/?'))
    return 'directions';
  // Only an owner's website is linked nofollow (src/domain/format.ts safeHttpUrl, D26).
  if (/\bnofollow\b/.test(link?.getAttribute('rel') ?? '')) return 'website';
  return null;
}

/** The listing of the card a click is in, by its title's link. */
function cardListing(target: Element | null): string | undefined {
  const title = target?.closest(`[aria-labelledby^="${CARD_TITLE}"]`)?.getAttribute('aria-labelledby');
  const href = title && document.getElementById(title)?.querySelector('a')?.getAttribute('href');
  return href ? slugOfPath(href) : undefined;
}

/** Counts a listing page's view, and the contact clicks of any listing on the page (card, dialog, page). */
export function watchListingEvents(): void {
  const page = slugOfPath(location.pathname);
  if (page) sendInsight({ kind: 'view', listing: page });
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      const kind = target ? kindOf(target) : null;
      const listing =
        target?.closest<HTMLElement>('[data-insight-listing]')?.dataset.insightListing ??
        cardListing(target) ??
        page;
      if (kind && listing) sendInsight({ kind, listing });
    },
    // Capture: the Save button's own handler flips aria-pressed after this has read it.
    { capture: true },
  );
}
