/**
 * Reviews' fixed lists and pure rules (docs/reviews.md): who travelled, why staff reject a review or a reply (never
 * its rating: 16 CFR 465 forbids suppressing reviews for being negative), the stay month's window, the signals the
 * staff queue shows, and the figures a listing shows (average, count, distribution).
 */

import { MONTHS } from './facts';

/** Who travelled, as stored and as the form offers them (optional). */
export const TRAVELLERS = [
  { value: 'couple', label: 'Couple' },
  { value: 'family', label: 'Family' },
  { value: 'friends', label: 'Friends' },
  { value: 'solo', label: 'Solo' },
  { value: 'pets', label: 'With pets' },
] as const;
export type Travellers = (typeof TRAVELLERS)[number]['value'];

/** Why a review or reply is rejected or reported: the same fixed list everywhere, none of it about the rating. */
export const REVIEW_REASONS = [
  { value: 'not_first_hand', label: 'Not a first-hand experience' },
  { value: 'conflict_of_interest', label: 'Conflict of interest' },
  { value: 'personal_information', label: 'Personal information' },
  { value: 'hateful', label: 'Hateful or harassing' },
  { value: 'spam', label: 'Spam or advertising' },
  { value: 'off_topic', label: 'Off-topic' },
  { value: 'duplicate', label: 'Duplicate' },
] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number]['value'];
export const REVIEW_REASON_VALUES = REVIEW_REASONS.map((r) => r.value) as unknown as readonly [
  ReviewReason,
  ...ReviewReason[],
];
export const reviewReasonLabel = (value: string): string =>
  REVIEW_REASONS.find((r) => r.value === value)?.label ?? value;
export const travellersLabel = (value: string | null): string | null =>
  TRAVELLERS.find((t) => t.value === value)?.label ?? null;

/** Text limits of a review and a reply. */
export const REVIEW_LIMITS = {
  title: 120,
  bodyMin: 50,
  bodyMax: 5000,
  name: 60,
  replyMin: 2,
  replyMax: 2000,
};

/** How far back a stay may be: 3 years, in months. */
export const STAY_MONTHS_BACK = 36;

/** The label every published review carries: this directory takes no bookings, so no stay can be proven. */
export const NOT_VERIFIED_LABEL = 'Stay not verified: this directory takes no bookings';

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** Why a stay month ('YYYY-MM') is refused at `now`, or null. Months count in UTC, as they are stored. */
export function stayMonthProblem(value: string, now: Date): string | null {
  const match = MONTH.exec(value);
  if (!match) return 'Please choose the month and year of your stay';
  const months = Number(match[1]) * 12 + Number(match[2]) - 1;
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (months > current) return 'The stay cannot be in the future';
  if (current - months > STAY_MONTHS_BACK) return 'Please review stays of the last 3 years only';
  return null;
}

/** "May 2026" for a stored stay month ('2026-05-01' or '2026-05'). */
export function stayMonthText(value: string): string {
  const [y, m] = value.split('-').map(Number);
  return `${MONTHS[(m ?? 1) - 1] ?? ''} ${y}`;
}

/** A listing's figures from the reviews it shows: average (one decimal), count, and how many gave 5, 4, ... 1. */
export interface RatingSummary {
  average: number;
  count: number;
  /** Index 0 holds the 5-star count, index 4 the 1-star count. */
  distribution: [number, number, number, number, number];
}

export function ratingSummary(ratings: readonly number[]): RatingSummary | null {
  if (ratings.length === 0) return null;
  const distribution: RatingSummary['distribution'] = [0, 0, 0, 0, 0];
  let sum = 0;
  for (const r of ratings) {
    sum += r;
    distribution[5 - r] = (distribution[5 - r] ?? 0) + 1;
  }
  return { average: Math.round((sum / ratings.length) * 10) / 10, count: ratings.length, distribution };
}

const LINK = /(https?:\/\/|www\.)\S+|\b[a-z0-9-]+\.(com|net|org|io|co|biz|info)\b/i;

/** What the staff queue points out about a review: links in its text, several reviews from one client. */
export function reviewSignals(text: string, reviewsFromClient: number): string[] {
  const signals: string[] = [];
  if (LINK.test(text)) signals.push('links in the text');
  if (reviewsFromClient > 1) signals.push(`${reviewsFromClient} reviews from one client in 30 days`);
  return signals;
}

/** A published review as JSON-LD reads it. */
export interface ShownReview {
  rating: number;
  title: string;
  body: string;
  display_name: string;
  published_at: string;
}

/**
 * schema.org `aggregateRating` and `review` of a listing page, built only from the reviews that page shows (Google's
 * rule: the rating must be the one of the reviews visible on the page). `review` lists the first `items` (the ones
 * the page shows open), so a much-reviewed listing's head stays small. Nothing for a listing without reviews.
 */
export function reviewsJsonLd(reviews: readonly ShownReview[], items = 10) {
  const summary = ratingSummary(reviews.map((r) => r.rating));
  if (!summary) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating' as const,
      ratingValue: summary.average,
      reviewCount: summary.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.slice(0, items).map((r) => ({
      '@type': 'Review' as const,
      author: { '@type': 'Person' as const, name: r.display_name },
      datePublished: r.published_at.slice(0, 10),
      ...(r.title ? { name: r.title } : {}),
      reviewBody: r.body,
      reviewRating: { '@type': 'Rating' as const, ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    })),
  };
}
