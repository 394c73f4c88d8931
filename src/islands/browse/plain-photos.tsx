import { type RefObject, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { BrowseListing } from '../../domain/browse-data';
import { EAGER_PHOTOS } from '../../domain/paging';
import { CoverPicture } from '../listing/CoverPicture';
import { useNearScreen } from '../shared/use-near-screen';

/**
 * The cover photos of the page's plain cards (./static-cards.tsx) below the first row, each added as its card nears
 * the screen. Loaded once the browser is idle: not part of a browse page's first load.
 */
export default function PlainCardPhotos({
  root,
  listings,
  base,
}: {
  root: RefObject<HTMLElement | null>;
  /** The listings of the plain cards, in their order. */
  listings: readonly BrowseListing[];
  base: string;
}) {
  const [cards, setCards] = useState<readonly HTMLElement[]>([]);
  useEffect(() => setCards([...(root.current?.querySelectorAll('article') ?? [])]), [root]);
  return cards.map((card, i) => {
    const listing = listings[i];
    const photo = card.querySelector('.card-photo');
    return i >= EAGER_PHOTOS && listing?.cover && photo ? (
      <LaterPhoto key={listing.slug} card={card} photo={photo} listing={listing} base={base} />
    ) : null;
  });
}

function LaterPhoto({
  card,
  photo,
  listing,
  base,
}: {
  card: HTMLElement;
  photo: Element;
  listing: BrowseListing;
  base: string;
}) {
  const near = useNearScreen(useRef(card), true);
  return near && listing.cover
    ? createPortal(<CoverPicture listing={listing} cover={listing.cover} base={base} eager={false} />, photo)
    : null;
}
