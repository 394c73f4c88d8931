import { amenityIcon, iconClass } from '../../domain/amenity-icon';
import type { BrowseListing } from '../../domain/browse-data';
import { cardFacts } from '../../domain/facts';

/** Cards name the first 4 amenities, then '+N more' (spec section 9). */
const CARD_AMENITIES = 4;

/**
 * A card's facts in two lines at most, whatever the width: the kind of stay (type · setting · price, then what the
 * listing stated of season, size, pets and kids), and its first amenities. Each line is one line: what does not fit
 * ends in '…', the most telling first, and '+N more' stays in view. The dialog and the listing page show it all.
 * Styled by .card-facts (src/styles/cards.css), which draws the dots between items.
 */
export function CardFacts({ listing }: { listing: BrowseListing }) {
  const facts = cardFacts(listing.facts);
  const amenities = listing.amenities.slice(0, CARD_AMENITIES);
  const more = listing.amenities.length - amenities.length;
  return (
    <div className="card-facts">
      <div className="kind">
        <span>{listing.accommodation_type}</span>
        <span>{listing.setting_type}</span>
        {listing.price_range && <span>{listing.price_range}</span>}
        {facts.length > 0 && (
          <ul aria-label="Good to know">
            {facts.map((f, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: plain text, reused when a card shows another listing
              <li key={i}>{f}</li>
            ))}
          </ul>
        )}
      </div>
      {amenities.length > 0 && (
        <div className="more">
          <ul aria-label="Amenities">
            {amenities.map((a, i) => (
              // Plain items: reused by position when a card shows another listing (cards are reused, ../browse/Results.tsx).
              // The check is the list's own icon (src/styles/icons.css): a class only for the others.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={i} className={amenityIcon(a) === 'check' ? undefined : iconClass(amenityIcon(a))}>
                {a}
              </li>
            ))}
          </ul>
          {more > 0 && <span>{`+${more} more`}</span>}
        </div>
      )}
    </div>
  );
}
