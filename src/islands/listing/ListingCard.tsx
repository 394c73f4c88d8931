import { memo, useRef } from 'react';
import { iconClass } from '../../domain/amenity-icon';
import type { BrowseListing } from '../../domain/browse-data';
import { formatPhone, telHref, verifiedLabel } from '../../domain/format';
import { ratingText } from '../../domain/ratings';
import { cardKey, listingPath } from '../../domain/slug';
import { openListing } from '../../stores/dialog';
import { CARD_TITLE } from '../shared/insights-beacon';
import { plainClick } from '../shared/plain-click';
import { useNearScreen } from '../shared/use-near-screen';
import { FeaturedBadge } from './Amenities';
import { CardFacts } from './CardFacts';
import { CoverPicture } from './CoverPicture';
import { SaveButton } from './SaveButton';
import { ViewDetailsButton } from './ViewDetailsButton';

/** Cards show the first 3 features (spec section 9), on the photo. */
const CARD_FEATURES = 3;

/**
 * The cover photo at a fixed 3:2 shape (nothing moves when it arrives), on a soft background while it loads; a
 * listing without photos keeps the same shape with a quiet note, so cards line up. The first features sit on it as
 * badges, so the lines under the name stay the card's two lines of facts (./CardFacts.tsx).
 */
function CardPhoto({
  listing,
  base,
  eager,
  show,
}: {
  listing: BrowseListing;
  base: string;
  eager: boolean;
  /** False leaves the photo out (its blurred cover shows): a card below the first row, not yet near the screen. */
  show: boolean;
}) {
  const cover = listing.cover;
  const features = listing.features.slice(0, CARD_FEATURES);
  return (
    <div className="card-photo">
      {cover && !show ? null : cover ? (
        // Until it nears the screen, the blurred cover alone (src/styles/cards.css) for a card below the first row:
        // its three sources were a third of a card in the page's HTML, and building them at load a long task.
        // A new photo is a new element: a reused card never shows the previous listing's photo while this one loads.
        // The blurred covers of the cards rendered at build time come from the page's style sheet
        // (src/components/CardCovers.astro), by listing.
        <CoverPicture key={cover.id} listing={listing} cover={cover} base={base} eager={eager} />
      ) : (
        <div>No photos yet</div>
      )}
      {features.length > 0 && (
        <ul aria-label="Features">
          {features.map((f, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: plain items, reused by position (see ./CardFacts.tsx)
            <li key={i}>{f}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * One result card (spec section 2, Listing card). The title is a real link to the listing's page, so crawlers and
 * visitors without JS reach it; a plain click opens the dialog instead, as 'View Details' does. Accessible names
 * carry the listing's name, so a screen reader's list of controls says which listing each acts on. Memoised: listings are the
 * same objects from one filter change to the next, so cards that stay on screen do not render again.
 */
export const ListingCard = memo(function ListingCard({
  listing,
  photoBase,
  eager = false,
  later = false,
  distance = '',
}: {
  listing: BrowseListing;
  photoBase: string;
  /** Load the photo at once (cards in the first row), else when it nears the screen. */
  eager?: boolean;
  /** Leave the photo out of the page's HTML: it joins as the card nears the screen (cards below the first row). */
  later?: boolean;
  /** "23 mi away" in distance mode (D27), else ''. */
  distance?: string;
}) {
  const titleId = `${CARD_TITLE}${cardKey(listing.slug)}`;
  const tel = telHref(listing.phone);
  const phone = formatPhone(listing.phone);
  const card = useRef<HTMLElement>(null);
  const near = useNearScreen(card, later);
  return (
    <article ref={card} aria-labelledby={titleId} className="card">
      <CardPhoto listing={listing} base={photoBase} eager={eager} show={!later || near} />
      <div className="card-head">
        <h3 id={titleId}>
          <a
            href={listingPath(listing.slug)}
            onClick={(e) => {
              // A plain click opens the dialog; a new tab or window still gets the page.
              if (!plainClick(e)) return;
              e.preventDefault();
              openListing(listing.slug);
            }}
          >
            {listing.property_name}
          </a>
        </h3>
        {/* Beside the title; with the badge when featured. */}
        {listing.featured ? (
          <div>
            <FeaturedBadge />
            <SaveButton slug={listing.slug} name={listing.property_name} />
          </div>
        ) : (
          <SaveButton slug={listing.slug} name={listing.property_name} />
        )}
      </div>
      <p className="place">{`${listing.city}, ${listing.state}${distance && ` · ${distance}`}`}</p>
      {(listing.rating || listing.verified) && (
        <p className="meta">
          {listing.rating && <span>{ratingText(listing.rating.average, listing.rating.count)}</span>}
          {listing.rating && listing.verified && ' · '}
          {listing.verified && <span className="verified">{verifiedLabel(listing.verified)}</span>}
        </p>
      )}
      {listing.excerpt && <p className="excerpt">{listing.excerpt}</p>}
      <CardFacts listing={listing} />
      <div className="card-actions">
        <ViewDetailsButton name={listing.property_name} onOpen={() => openListing(listing.slug)} />
        {tel ? (
          <a
            href={tel}
            aria-label={`Call ${listing.property_name} at ${phone}`}
            className={iconClass('phone')}
          >
            {phone}
          </a>
        ) : (
          phone && <span>{phone}</span>
        )}
      </div>
    </article>
  );
});
