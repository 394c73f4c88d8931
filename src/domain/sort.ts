import { PRICE_RANGE_VALUES } from './lists';
import type { Sort } from './schemas/filters';

/**
 * The comparators of the result orders (the values are in ./schemas/filters.ts). The browse view loads this
 * module only once a visitor picks an order: the default order is the list as the search returns it.
 */

/** What sorting looks at. `verified` ('YYYY-MM', '' when unknown) arrives with the verification work. */
export interface Sortable {
  property_name: string;
  featured: boolean;
  price_range: string | null;
  verified?: string;
  /** Its reviews' average and count (docs/reviews.md); none sorts last under "Highest rated". */
  rating?: { average: number; count: number } | null;
}

/** What ordering needs beyond the listing's fields. */
export interface SortContext<T> {
  /** Position in the whole set, 0 = newest. */
  position: (listing: T) => number;
}

const priceRank = (l: Sortable): number => {
  const i = l.price_range ? PRICE_RANGE_VALUES.indexOf(l.price_range as never) : -1;
  return i < 0 ? Number.NaN : i;
};

/** Listings without a price range go last whichever way the prices run: unknown is not cheap nor dear. */
const byPrice =
  (direction: 1 | -1) =>
  (a: Sortable, b: Sortable): number => {
    const pa = priceRank(a);
    const pb = priceRank(b);
    if (Number.isNaN(pa) || Number.isNaN(pb)) return Number.isNaN(pa) ? (Number.isNaN(pb) ? 0 : 1) : -1;
    return (pa - pb) * direction;
  };

const collator = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });

/**
 * The comparator of a sort, before the tie-break; null for '' (the list's own order). Ties keep the order the list
 * came in (Array.prototype.sort is stable).
 */
export function comparator<T extends Sortable>(
  sort: Sort,
  context: SortContext<T>,
): ((a: T, b: T) => number) | null {
  switch (sort) {
    case 'recommended':
      // Featured first, then most recently verified ('YYYY-MM' compares as text); unknown dates last.
      return (a, b) =>
        Number(b.featured) - Number(a.featured) || (b.verified ?? '').localeCompare(a.verified ?? '');
    case 'rating':
      // Highest average first, ties by more reviews, then newest; listings without reviews last.
      return (a, b) =>
        (b.rating?.average ?? 0) - (a.rating?.average ?? 0) ||
        (b.rating?.count ?? 0) - (a.rating?.count ?? 0) ||
        context.position(a) - context.position(b);
    case 'newest':
      return (a, b) => context.position(a) - context.position(b);
    case 'price-asc':
      return byPrice(1);
    case 'price-desc':
      return byPrice(-1);
    case 'name':
      return (a, b) => collator.compare(a.property_name, b.property_name);
    // 'distance': the search already returns distance mode's results nearest first (search.ts), so it is the
    // list's own order, like ''.
    default:
      return null;
  }
}

/** The list in the chosen order: a sorted copy, or the list itself for the default order. */
export function sortListings<T extends Sortable>(
  listings: readonly T[],
  sort: Sort,
  context: SortContext<T>,
): readonly T[] {
  const compare = comparator(sort, context);
  if (!compare) return listings;
  const keyed = listings.map((l, i) => ({ l, i }));
  return keyed.sort((a, b) => compare(a.l, b.l) || a.i - b.i).map((x) => x.l);
}
