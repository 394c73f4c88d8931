/**
 * Deterministic sample reviews (docs/reviews.md): about 40% of the verified sample listings get 1 to 14 published
 * reviews (ratings mostly high but every one from 1 to 5, short and long texts, a few owner replies), and some
 * reviews that never show: unconfirmed, pending and rejected ones. The same listings always give the same reviews.
 */
import type { TRAVELLERS } from '../../../src/domain/reviews';
import type { StoredListing } from '../../../src/domain/schemas/listing';
import { mulberry32, type Rng } from './generate';

export interface SampleReview {
  listing_id: string;
  rating: number;
  title: string;
  body: string;
  stay_month: string;
  travelled_with: (typeof TRAVELLERS)[number]['value'] | null;
  display_name: string;
  email: string;
  status: 'unconfirmed' | 'pending' | 'published' | 'rejected';
  reject_reason: string | null;
  reply: string | null;
}

const OPENINGS: Record<number, string[]> = {
  5: [
    'Everything we hoped for.',
    'One of the best nights we have spent outdoors.',
    'Magical from start to finish.',
  ],
  4: ['A lovely stay with a few small quirks.', 'Very good, we would come back.', 'Comfortable and quiet.'],
  3: ['Fine for a night or two.', 'Mixed feelings about this one.', 'Nice setting, average comfort.'],
  2: ['Not what the photos suggested.', 'Disappointing for the price.', 'We expected more.'],
  1: ['We left a day early.', 'Would not stay again.', 'A rough stay, sadly.'],
};
const DETAILS = [
  'The bed was comfortable and the linens were clean.',
  'The bathhouse was a short walk away and spotless.',
  'At night the sky was full of stars and it was completely quiet.',
  'Check-in instructions were clear and the host answered quickly.',
  'The heater struggled on the coldest night.',
  'The road in is gravel, so drive slowly after dark.',
  'Bring bug spray in the summer months.',
  'The fire pit and the firewood provided made the evenings.',
  'The kitchen area had everything we needed for simple meals.',
  'Noise from the nearby road carried into the tent in the morning.',
  'The trails start right from the site.',
  'Our kids loved the hammocks and the creek.',
];
const TITLES = [
  'Great weekend',
  'Quiet escape',
  'Good value',
  'Not for us',
  'Stargazing heaven',
  'Family trip',
  '',
];
const NAMES = [
  'Ann B.',
  'Carlos',
  'Dee & Mo',
  'J. Park',
  'Lena',
  'Marcus T.',
  'Priya',
  'Sam',
  'the Okafors',
  'Zoe',
];
const TRAVEL = ['couple', 'family', 'friends', 'solo', 'pets', null] as const;
const REPLIES = [
  'Thank you for staying with us and for the kind words!',
  'Thanks for the feedback: we have fixed the heater since your visit.',
  'Sorry the stay fell short. We would love a chance to do better.',
];
const HIDDEN = ['unconfirmed', 'pending', 'rejected'] as const;
const REASONS = ['spam', 'off_topic', 'not_first_hand', 'personal_information'];

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
// Mostly high ratings, as real review sets are, with every value present.
const ratingOf = (rng: Rng) => [5, 5, 5, 4, 4, 4, 3, 2, 1][Math.floor(rng() * 9)]!;

function stayMonth(rng: Rng, now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1 - Math.floor(rng() * 30), 1));
  return d.toISOString().slice(0, 10);
}

function oneReview(rng: Rng, listing: StoredListing, n: number, now: Date): SampleReview {
  const rating = ratingOf(rng);
  const details = Array.from({ length: 1 + Math.floor(rng() * (rng() < 0.2 ? 10 : 3)) }, () =>
    pick(rng, DETAILS),
  );
  return {
    listing_id: listing.id,
    rating,
    title: pick(rng, TITLES),
    body: [pick(rng, OPENINGS[rating]!), ...details].join(' '),
    stay_month: stayMonth(rng, now),
    travelled_with: pick(rng, TRAVEL),
    display_name: pick(rng, NAMES),
    email: `traveler.${n}.${listing.slug.slice(0, 40)}@example.com`,
    status: 'published',
    reject_reason: null,
    reply: rng() < 0.12 ? pick(rng, REPLIES) : null,
  };
}

/** The sample reviews of these listings (verified ones only), for the month of `now`. */
export function generateSampleReviews(
  listings: readonly StoredListing[],
  now = new Date(),
  seed = 27,
): SampleReview[] {
  const rng = mulberry32(seed);
  const out: SampleReview[] = [];
  for (const listing of listings) {
    if (listing.verification_status !== 'verified' || rng() >= 0.4) continue;
    const count = 1 + Math.floor(rng() * rng() * 14);
    for (let i = 0; i < count; i++) out.push(oneReview(rng, listing, i, now));
    if (rng() < 0.15) {
      const status = pick(rng, HIDDEN);
      out.push({
        ...oneReview(rng, listing, count, now),
        status,
        reject_reason: status === 'rejected' ? pick(rng, REASONS) : null,
        reply: null,
      });
    }
  }
  return out;
}
