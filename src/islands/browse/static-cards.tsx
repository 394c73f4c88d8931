import { type RefObject, useEffect } from 'react';
import { slugOfPath } from '../../domain/listing-path';
import { saveTitle } from '../../domain/shortlist';
import { $shortlist, startShortlist } from '../../stores/shortlist';
import { plainClick } from '../shared/plain-click';

/*
 * The page's first cards are plain HTML that the island never hydrates (docs/performance.md, "Work at load"):
 * hydrating 24 cards was most of a browse page's work at load on a phone. Until the visitor's filters change what
 * they list, the browse view answers them here: a plain click on a title or a "View Details" opens the dialog, a
 * heart saves or unsaves and shows the shortlist, "Show more" shows more, and the photos of the cards below the first
 * row join as they near the screen (./plain-photos.tsx). Then the results component takes over. While its code is
 * still loading after a change of filters, the plain cards stay on screen (the fallback) and are still answered: a
 * visitor who clicks one gets that listing, not a dead button.
 */

/** The plain cards live in the island's slot (Astro's StaticHtml); the results component's cards answer themselves. */
const SLOT = 'astro-slot';

/** The listing of a plain card: its title links to the listing's page. */
const slugOfCard = (card: Element) => {
  const title = card.querySelector<HTMLAnchorElement>('h3 a');
  return title ? slugOfPath(title.pathname) : undefined;
};

/** What a click in the plain cards asks of the browse view. */
export type PlainCardsClick = { open: string } | { save: string } | { more: true } | null;

/** `root` holds the cards: the plain ones are in a slot inside it, the results component's are not. */
export function plainCardsClick(event: MouseEvent, root: Element): PlainCardsClick {
  const target = event.target instanceof Element ? event.target : null;
  const slot = target?.closest(SLOT);
  if (!target || !slot || !root.contains(slot)) return null;
  if (target.closest('.more-results button')) return { more: true };
  const card = target.closest('article');
  const slug = card ? slugOfCard(card) : undefined;
  if (!slug) return null;
  if (target.closest('button[aria-pressed]')) return { save: slug };
  // The title (a new tab or window still gets the page) and "View Details", the card's one button that is not a toggle.
  const opens = (target.closest('h3 a') && plainClick(event)) || target.closest('button:not([aria-pressed])');
  return opens ? { open: slug } : null;
}

/**
 * The hearts of the plain cards follow the shortlist (stored on the device, changed in any tab), as a card's own do.
 * `drawn` changes when React draws the slot afresh (as the fallback once the results component takes over), so that
 * the new copy's hearts are set too.
 */
export function usePlainHearts(root: RefObject<HTMLElement | null>, active: boolean, drawn: unknown): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `drawn` is the signal to set the hearts again
  useEffect(() => {
    if (!active) return;
    startShortlist();
    return $shortlist.subscribe((saved) => {
      for (const card of root.current?.querySelector(SLOT)?.querySelectorAll('article') ?? []) {
        const slug = slugOfCard(card);
        const heart = card.querySelector('button[aria-pressed]');
        if (!slug || !heart) continue;
        const pressed = saved.includes(slug);
        heart.setAttribute('aria-pressed', String(pressed));
        heart.setAttribute('title', saveTitle(pressed));
      }
    });
  }, [root, active, drawn]);
}
