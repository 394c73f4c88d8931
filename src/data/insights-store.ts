import type { InsightEvent, ListingEvent } from '../domain/insights';
import type { ListingTotal, SearchMiss, SiteDay } from '../domain/insights-figures';

export type { ListingTotal, SearchMiss, SiteDay };

import type { OutgoingEmail } from './store';

/** What counting one event did: counted, ignored (unknown listing or kind), or not counted (client over its limit). */
export type CountOutcome = 'counted' | 'ignored' | 'limited';

/** One listing's count of one kind on one day. */
export interface DayCount {
  day: string;
  kind: ListingEvent;
  n: number;
}

/** What an owner sees beside the figures: the listing's verification, renewal and open reports. */
export interface ListingStanding {
  listing_id: string;
  slug: string;
  property_name: string;
  state: string;
  verified_at: string | null;
  /** current; due (12 months since verification, no reminder yet); asked (reminder sent); staff (staff decide). */
  renewal: 'current' | 'due' | 'asked' | 'staff';
  open_reports: number;
  /** The average of its published reviews (one decimal); null while it has none. */
  rating: number | null;
}

/** An owner's listings with last month's counts by kind, for the monthly e-mail. */
export interface MonthlyOwner {
  email: string;
  listings: Array<{ slug: string; property_name: string; counts: Partial<Record<ListingEvent, number>> }>;
}

/**
 * Insights (D35) with the server's privileges: counting (through the counting function, as the public could), the
 * owners' and staff's figures, and the monthly e-mail's bookkeeping. Days are 'YYYY-MM-DD' in UTC, ranges inclusive.
 */
export interface InsightsStore {
  /**
   * Counts events in one transaction, each with its client (an address, hashed with the day's salt in the database,
   * never stored): one outcome per event, in order.
   */
  countEvents(events: ReadonlyArray<{ client: string; event: InsightEvent }>): Promise<CountOutcome[]>;
  /** A listing's counts per day and kind in a range. */
  listingCounts(listingId: string, from: string, to: string): Promise<DayCount[]>;
  /**
   * For each kind, the median total over the range of the other verified listings in the listing's state; null for a
   * kind when they are fewer than MIN_PEERS (so no neighbour's figure can be worked out).
   */
  peerMedians(
    listingId: string,
    from: string,
    to: string,
  ): Promise<Partial<Record<ListingEvent, number | null>>>;
  standing(listingId: string): Promise<ListingStanding | null>;
  /** A public (verified) listing's verification date and rating, for its badge; null for any other slug. */
  badgeListing(slug: string): Promise<{ verified_at: string; rating: number | null } | null>;
  siteDays(from: string, to: string): Promise<SiteDay[]>;
  /** The listings with the most events of these kinds in the range, most first. */
  topListings(
    kinds: readonly ListingEvent[],
    from: string,
    to: string,
    limit: number,
  ): Promise<ListingTotal[]>;
  searchMisses(from: string, to: string, limit: number): Promise<SearchMiss[]>;
  /** Owners not opted out and not yet mailed for `month` ('YYYY-MM-01'), with that month's counts. */
  monthlyOwners(month: string): Promise<MonthlyOwner[]>;
  /** Records the month's e-mail (its opt-out token hash) and queues it, once per owner and month; false: done. */
  recordMailing(email: string, month: string, tokenHash: string, mail: OutgoingEmail): Promise<boolean>;
  /** One click on an opt-out link: true when the token was known (the owner is opted out, again or not). */
  optOut(tokenHash: string): Promise<boolean>;
  close(): Promise<void>;
}
