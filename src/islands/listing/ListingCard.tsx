import { type MouseEvent, memo } from 'react';
import { iconClass } from '../../domain/amenity-icon';
import type { BrowseListing } from '../../domain/browse-data';
import { formatPhone, telHref, verifiedLabel } from '../../domain/format';
import { photoSrcset, photoUrl } from '../../domain/photos';
import { ratingText } from '../../domain/ratings';
import { cardKey, listingPath } from '../../domain/slug';
import { openListing } from '../../stores/dialog';
import { CARD_TITLE } from '../shared/insights-beacon';
import { useRunning } from '../shared/use-running';
import { FeaturedBadge } from './Amenities';
import { CardFacts } from './CardFacts';
import { SaveButton } from './SaveButton';
import { ViewDetailsButton } from './ViewDetailsButton';

/** Cards show the first 3 features (spec section 9), on the photo. */
const CARD_FEATURES = 3;

// A card is at most about 400 CSS pixels wide: the 400 px photo, or the 800 px one on a sharp screen. Written
// without optional spaces: three times in each of a page's 24 cards.
const CARD_SIZES = '(min-width:64rem) 22rem,(min-width:48rem) 45vw,92vw';

/**
 * The cover photo at a fixed 3:2 shape (nothing moves when it arrives), on a soft background while it loads; a
 * listing without photos keeps the same shape with a quiet note, so cards line up. The first features sit on it as
 * badges, so the lines under the name stay the card's two lines of facts (./CardFacts.tsx).
 */
function CardPhoto({
  listing,
  base,
  eager,
  later,
}: {
  listing: BrowseListing;
  base: string;
  eager: boolean;
  later: boolean;
}) {
  const running = useRunning();
  const cover = listing.cover;
  const features = listing.features.slice(0, CARD_FEATURES);
  return (
    <div className="card-photo">
      {cover && later && !running ? null : cover ? (
        // Until the island runs (useRunning), the blurred cover alone (src/styles/cards.css) for a card below the
        // first row: its photo would only load as it nears the screen, and its three sources were a third of a card.
        // A new photo is a new element: a reused card never shows the previous listing's photo while this one loads.
        // The blurred covers of the cards rendered at build time come from the page's style sheet
        // (src/components/CardCovers.astro), by listing.
        <picture key={cover.id}>
          <source type="image/avif" srcSet={photoSrcset(base, cover, 'avif')} sizes={CARD_SIZES} />
          <source type="image/webp" srcSet={photoSrcset(base, cover, 'webp')} sizes={CARD_SIZES} />
          <img
            src={photoUrl(base, cover.id, cover.widths[0] ?? 400, 'jpeg')}
            srcSet={photoSrcset(base, cover, 'jpeg')}
            sizes={CARD_SIZES}
            alt={`Cover of ${listing.property_name}`}
            width={600}
            height={400}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        </picture>
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

/** A click that would open the link in this tab: that one opens the dialog instead (new tabs still get the page). */
const plainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

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
  /** Leave the photo out of the page's HTML: the island adds it once it runs (cards below the first rows). */
  later?: boolean;
  /** "23 mi away" in distance mode (D27), else ''. */
  distance?: string;
}) {
  const titleId = `${CARD_TITLE}${cardKey(listing.slug)}`;
  const tel = telHref(listing.phone);
  const phone = formatPhone(listing.phone);
  return (
    <article aria-labelledby={titleId} className="card">
      <CardPhoto listing={listing} base={photoBase} eager={eager} later={later} />
      <div className="card-head">
        <h3 id={titleId}>
          <a
            href={listingPath(listing.slug)}
            onClick={(e) => {
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
