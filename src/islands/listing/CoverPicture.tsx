import type { BrowseListing } from '../../domain/browse-data';
import { photoSrcset, photoUrl } from '../../domain/photos';

// A card is at most about 400 CSS pixels wide: the 400 px photo, or the 800 px one on a sharp screen. Written
// without optional spaces: three times in each of a page's 24 cards.
const CARD_SIZES = '(min-width:64rem) 22rem,(min-width:48rem) 45vw,92vw';

/**
 * A result card's cover photo, in the formats the browser picks from. Used by the card itself and, for the cards a
 * page's HTML lists before the island has taken them over, by the browse view (../browse/static-cards.tsx).
 */
export function CoverPicture({
  listing,
  cover,
  base,
  eager,
}: {
  listing: Pick<BrowseListing, 'property_name'>;
  cover: NonNullable<BrowseListing['cover']>;
  base: string;
  /** Load at once (cards in the first row), else as it nears the screen. */
  eager: boolean;
}) {
  return (
    <picture>
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
  );
}
