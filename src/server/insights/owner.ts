/**
 * GET /api/owner/insights: the signed-in owner's figures (D35, docs/insights.md), per listing they own: the last 30
 * and 90 days beside the previous period and the median of the other listings of the state, the chart's series,
 * the listing's verification date, renewal and open reports, and the badge with its snippet. Only the session's own
 * listings: another listing's numbers never leave the store (medians only, over five or more listings).
 */
import type { InsightsStore } from '../../data/insights-store';
import type { StaffStore } from '../../data/staff-store';
import type { ListingEvent } from '../../domain/insights';
import {
  badgeSnippet,
  dayKey,
  OWNER_PERIODS,
  type OwnerListingInsights,
  type OwnerPeriod,
  ownerHistoryStart,
  ownerPeriod,
  period,
} from '../../domain/insights-figures';
import { readSession } from '../auth/session';
import { endpoint, type FunctionContext, HttpError, json } from '../http';
import { type StoreOpening, withOpenStore } from '../store-use';

export interface OwnerInsightsDeps {
  openStore: () => Promise<StaffStore>;
  insights: () => Promise<InsightsStore>;
  siteUrl: string | null;
  now?: () => Date;
  log?: (line: string) => void;
}

/** One listing's figures as of `today`, or null when the listing is gone. */
export async function listingInsights(
  store: InsightsStore,
  listingId: string,
  today: string,
  site: string,
): Promise<OwnerListingInsights | null> {
  const standing = await store.standing(listingId);
  if (!standing) return null;
  const counts = await store.listingCounts(listingId, ownerHistoryStart(today), today);
  const periods: OwnerPeriod[] = [];
  for (const days of OWNER_PERIODS) {
    const p = period(today, days);
    const medians: Partial<Record<ListingEvent, number | null>> = await store.peerMedians(
      listingId,
      p.from,
      p.to,
    );
    periods.push(ownerPeriod(counts, today, days, medians));
  }
  const badge = standing.verified_at
    ? {
        url: `${site}/badge/${standing.slug}.svg`,
        snippet: badgeSnippet(site, standing.slug, standing.verified_at),
      }
    : null;
  return {
    slug: standing.slug,
    property_name: standing.property_name,
    verified_at: standing.verified_at,
    renewal: standing.renewal,
    open_reports: standing.open_reports,
    rating: standing.rating,
    periods,
    badge,
  };
}

async function ownedListings(req: Request, d: OwnerInsightsDeps): Promise<readonly string[]> {
  const opening: StoreOpening<StaffStore> = { open: d.openStore, name: 'Owner', log: d.log };
  return withOpenStore(opening, async (store) => {
    const session = await readSession(req, store);
    if (!session) throw new HttpError(401, 'Please sign in with the e-mail address on file for your listing');
    return session.ownerOf;
  });
}

export function createOwnerInsightsHandler(deps: (context: FunctionContext) => OwnerInsightsDeps) {
  return endpoint({ methods: ['GET'] }, async (req, context) => {
    const d = deps(context);
    const owned = await ownedListings(req, d);
    const store = await d.insights();
    const today = dayKey((d.now ?? (() => new Date()))());
    const site = d.siteUrl ?? new URL(req.url).origin;
    const listings: OwnerListingInsights[] = [];
    for (const id of owned) {
      const figures = await listingInsights(store, id, today, site);
      if (figures) listings.push(figures);
    }
    return json(200, { today, listings });
  });
}
