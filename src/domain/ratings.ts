/**
 * A listing's rating as the browse view knows it (cards, the dialog, the "Highest rated" sort, the "4+ stars"
 * filter, the browse files): apart from the reviews' rules (./reviews.ts), which only the review pages and the
 * staff console need, so that a browse page's first load does not carry them.
 */

/** "4.6 ★ (23 reviews)": what cards and the dialog show for a listing with reviews. */
export function ratingText(average: number, count: number): string {
  return `${average.toFixed(1)} ★ (${count} review${count === 1 ? '' : 's'})`;
}

/** What cards, the dialog, the "Highest rated" sort and the "4+ stars" filter know of a listing's reviews. */
export interface ListingRating {
  /** One decimal, 1.0 to 5.0. */
  average: number;
  count: number;
}

/**
 * A rating as one small integer of the browse files: count x 64 + average x 10 (10..50 fits in 6 bits), 0 for none.
 * Most listings have none, and a column of zeros costs next to nothing gzipped (budget: 3 B per listing).
 */
export function encodeRating(rating: ListingRating | null | undefined): number {
  return rating ? rating.count * 64 + Math.round(rating.average * 10) : 0;
}
export function decodeRating(n: number | undefined): ListingRating | null {
  if (!n) return null;
  return { average: (n % 64) / 10, count: Math.floor(n / 64) };
}

/** The lowest average the "4+ stars" filter keeps. */
export const HIGH_RATING = 4;
