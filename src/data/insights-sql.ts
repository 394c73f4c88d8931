import type { Backend } from '../config';
import { LISTING_EVENTS, type ListingEvent } from '../domain/insights';
import { MIN_PEERS } from '../domain/insights-figures';
import type {
  CountOutcome,
  DayCount,
  InsightsStore,
  ListingStanding,
  ListingTotal,
  MonthlyOwner,
  SearchMiss,
  SiteDay,
} from './insights-store';
import { openSql } from './open';
import { uuidOrNil } from './owner-sql';
import type { Sql } from './sql';

const DAY = (c: string) => `to_char(${c}, 'YYYY-MM-DD')`;
const CONTACTS = `('call', 'website', 'directions', 'email')`;
/** A listing's rating as its page shows it: the average of its published reviews, one decimal; null without any. */
const RATING = (listingId: string) =>
  `(select round(avg(v.rating), 1)::float8 from public.listing_reviews v
    where v.listing_id = ${listingId} and v.status = 'published')`;

type Run = <T>(text: string, params?: unknown[]) => Promise<T[]>;

/** Counting, as the public role: the counting function is all it may reach, exactly as the browser's request would. */
function counting(sql: Sql): Pick<InsightsStore, 'countEvents'> {
  return {
    async countEvents(events) {
      const batch = events.map(({ client, event }) => ({ client, ...event }));
      const [row] = await sql.transaction(
        (tx) =>
          tx.query<{ outcomes: CountOutcome[] }>('select public.count_events($1::text::jsonb) as outcomes', [
            JSON.stringify(batch),
          ]),
        'anon',
      );
      return row?.outcomes ?? events.map(() => 'ignored');
    },
  };
}

/** What an owner sees of one listing: its counts, the state's medians, its standing and badge. */
function ownerFigures(
  run: Run,
): Pick<InsightsStore, 'listingCounts' | 'peerMedians' | 'standing' | 'badgeListing'> {
  return {
    listingCounts: (listingId, from, to) =>
      run<DayCount>(
        `select ${DAY('day')} as day, kind, n from public.listing_event_counts
         where listing_id = $1::uuid and day between $2::date and $3::date order by day, kind`,
        [uuidOrNil(listingId), from, to],
      ),
    async peerMedians(listingId, from, to) {
      const rows = await run<{ kind: ListingEvent; median: number | null; peers: number }>(
        `with me as (select state from public.glamping_listings where id = $1::uuid),
         peers as (select l.id from public.glamping_listings l, me
                   where l.state = me.state and l.verification_status = 'verified' and l.id <> $1::uuid),
         totals as (select c.listing_id, c.kind, sum(c.n)::int as n from public.listing_event_counts c
                    where c.listing_id in (select id from peers) and c.day between $2::date and $3::date
                    group by 1, 2)
         select k.kind, percentile_cont(0.5) within group (order by coalesce(t.n, 0))::float8 as median,
                count(p.id)::int as peers
         from unnest($4::text[]) k(kind) cross join peers p
         left join totals t on t.listing_id = p.id and t.kind = k.kind
         group by k.kind`,
        [uuidOrNil(listingId), from, to, LISTING_EVENTS],
      );
      const medians: Partial<Record<ListingEvent, number | null>> = {};
      for (const kind of LISTING_EVENTS) {
        const row = rows.find((r) => r.kind === kind);
        medians[kind] = row && row.peers >= MIN_PEERS ? row.median : null;
      }
      return medians;
    },
    async standing(listingId) {
      const [row] = await run<ListingStanding>(
        `select l.id::text as listing_id, l.slug, l.property_name, l.state,
           to_char(l.verified_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as verified_at,
           case when r.escalated_at is not null and r.answered_at is null then 'staff'
                when r.sent_at is not null and r.answered_at is null then 'asked'
                when l.verified_at <= now() - interval '12 months' then 'due'
                else 'current' end as renewal,
           (select count(*)::int from public.listing_reports x
            where x.listing_id = l.id and x.resolved_at is null) as open_reports,
           ${RATING('l.id')} as rating
         from public.glamping_listings l
         left join public.listing_renewals r on r.listing_id = l.id and r.period = l.verified_at
         where l.id = $1::uuid`,
        [uuidOrNil(listingId)],
      );
      return row ?? null;
    },
    async badgeListing(slug) {
      const [row] = await run<{ verified_at: string; rating: number | null }>(
        `select to_char(l.verified_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as verified_at,
           ${RATING('l.id')} as rating
         from public.glamping_listings l
         where l.slug = $1 and l.verification_status = 'verified' and l.verified_at is not null`,
        [slug],
      );
      return row ?? null;
    },
  };
}

/** The console's figures: the site's days, the top listings, the searches with no result. */
function siteFigures(run: Run): Pick<InsightsStore, 'siteDays' | 'topListings' | 'searchMisses'> {
  return {
    siteDays: (from, to) =>
      run<SiteDay>(
        `select ${DAY('day')} as day,
           coalesce(sum(n) filter (where kind = 'view'), 0)::int as views,
           coalesce(sum(n) filter (where kind = 'dialog'), 0)::int as dialogs,
           coalesce(sum(n) filter (where kind in ${CONTACTS}), 0)::int as contacts
         from public.listing_event_counts where day between $1::date and $2::date group by day order by day`,
        [from, to],
      ),
    topListings: (kinds, from, to, limit) =>
      run<ListingTotal>(
        `select l.slug, l.property_name, sum(c.n)::int as n
         from public.listing_event_counts c join public.glamping_listings l on l.id = c.listing_id
         where c.kind = any($1::text[]) and c.day between $2::date and $3::date
         group by l.slug, l.property_name order by n desc, l.slug limit $4`,
        [kinds, from, to, limit],
      ),
    searchMisses: (from, to, limit) =>
      run<SearchMiss>(
        `select kind, query, radius, sum(n)::int as n from public.search_miss_counts
         where day between $1::date and $2::date
         group by kind, query, radius order by n desc, query, radius limit $3`,
        [from, to, limit],
      ),
  };
}

/** The monthly e-mail's bookkeeping: who gets it, that it was sent, who opted out. */
function mailings(run: Run): Pick<InsightsStore, 'monthlyOwners' | 'recordMailing' | 'optOut'> {
  return {
    async monthlyOwners(month) {
      const rows = await run<{
        email: string;
        slug: string;
        property_name: string;
        counts: Record<string, number>;
      }>(
        `with owned as (
           select lower(c.email) as email, c.listing_id from public.listing_owner_contacts c
           union select o.email, o.listing_id from public.listing_owners o)
         select o.email, l.slug, l.property_name,
           coalesce((select jsonb_object_agg(kind, n) from (
             select e.kind, sum(e.n)::int as n from public.listing_event_counts e
             where e.listing_id = l.id and e.day >= $1::date and e.day < ($1::date + interval '1 month')
             group by e.kind) k), '{}'::jsonb) as counts
         from owned o join public.glamping_listings l on l.id = o.listing_id
         where l.verification_status = 'verified'
           and not exists (select 1 from public.insight_mail_optouts x where x.email = o.email)
           and not exists (select 1 from public.insight_mailings m where m.email = o.email and m.month = $1::date)
         order by o.email, l.slug`,
        [month],
      );
      const owners = new Map<string, MonthlyOwner>();
      for (const r of rows) {
        const owner = owners.get(r.email) ?? { email: r.email, listings: [] };
        owner.listings.push({ slug: r.slug, property_name: r.property_name, counts: r.counts });
        owners.set(r.email, owner);
      }
      return [...owners.values()];
    },
    async recordMailing(email, month, tokenHash, mail) {
      const rows = await run<{ id: string }>(
        `with sent as (
           insert into public.insight_mailings (email, month, token_hash) values ($1, $2::date, $3)
           on conflict (email, month) do nothing returning email)
         insert into public.email_outbox (kind, to_address, subject, text_body, html_body, headers)
         select $4, $1, $5, $6, $7, $8::text::jsonb from sent returning id::text`,
        [
          email,
          month,
          tokenHash,
          mail.kind,
          mail.subject,
          mail.text_body,
          mail.html_body,
          JSON.stringify(mail.headers ?? null),
        ],
      );
      return rows.length > 0;
    },
    async optOut(tokenHash) {
      const rows = await run<{ email: string }>(
        `insert into public.insight_mail_optouts (email)
         select email from public.insight_mailings where token_hash = $1
         on conflict (email) do update set opted_out_at = public.insight_mail_optouts.opted_out_at
         returning email`,
        [tokenHash],
      );
      return rows.length > 0;
    },
  };
}

/** The insights store over any SQL backend (PGlite, a PostgreSQL server), with the server's role. */
export function sqlInsightsStore(sql: Sql): InsightsStore {
  const run: Run = (text, params = []) => sql.transaction((tx) => tx.query(text, params), 'service_role');
  return {
    ...counting(sql),
    ...ownerFigures(run),
    ...siteFigures(run),
    ...mailings(run),
    close: () => sql.close(),
  };
}

/** The insights store for the configured backend (the SQL store is the only one). */
export async function openInsightsStore(backend: Backend): Promise<InsightsStore> {
  return sqlInsightsStore(await openSql(backend));
}
