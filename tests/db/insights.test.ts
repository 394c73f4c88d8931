import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertListings } from '../../scripts/lib/seed';
import { openPostgres } from '../../src/data/adapters/postgres';
import { sqlInsightsStore } from '../../src/data/insights-sql';
import type { InsightsStore } from '../../src/data/insights-store';
import type { DbRole, Sql } from '../../src/data/sql';
import type { InsightEvent } from '../../src/domain/insights';
import { dayKey } from '../../src/domain/insights-figures';
import { backends, describeEachBackend } from './backends';
import { listingRow } from './fixtures';

// Insights (D35): counts only, reached by the public roles through the counting function alone.
const list = await backends();
const TABLES = [
  'listing_event_counts',
  'search_miss_counts',
  'insight_salts',
  'insight_mailings',
  'insight_mail_optouts',
];
const COUNT_TABLES = ['listing_event_counts', 'search_miss_counts'];

describeEachBackend(list, 'insights on $name', (backend) => {
  let sql: Sql;
  let url: string | undefined;
  let dispose: () => Promise<void>;
  let store: InsightsStore;
  const listing = listingRow();
  const pending = listingRow({ verification_status: 'pending', verified_at: null });
  // Six others in the same state for the median, and one elsewhere that must not count in it.
  const peers = Array.from({ length: 6 }, () => listingRow());
  const elsewhere = listingRow({ state: 'Maine' });
  const today = dayKey(new Date());

  beforeAll(async () => {
    ({ sql, url, dispose } = await backend.create());
    await insertListings(sql, [listing, pending, ...peers, elsewhere]);
    store = sqlInsightsStore(sql);
  });
  afterAll(() => dispose?.());

  const as = <T>(role: DbRole, text: string, params: unknown[] = []) =>
    sql.transaction((tx) => tx.query<T>(text, params), role);
  const one = async (client: string, event: InsightEvent) =>
    (await store.countEvents([{ client, event }]))[0] ?? 'none';
  const countOf = async (id: string, kind: string) => {
    const [row] = await sql.query<{ n: number }>(
      'select coalesce(sum(n), 0)::int as n from public.listing_event_counts where listing_id = $1 and kind = $2',
      [id, kind],
    );
    return row?.n ?? 0;
  };

  it('200 concurrent clients sending a view of the same listing store exactly 200', async () => {
    // On a server, through a pool of its own so the 200 calls really run side by side.
    const pool = url ? openPostgres(url, { max: 20 }) : sql;
    const concurrent = url ? sqlInsightsStore(pool) : store;
    try {
      const outcomes = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          concurrent
            .countEvents([
              { client: `198.51.${i >> 8}.${i & 255}`, event: { kind: 'view', listing: listing.slug } },
            ])
            .then(([o]) => o),
        ),
      );
      expect(outcomes.filter((o) => o === 'counted')).toHaveLength(200);
    } finally {
      if (url) await pool.close();
    }
    expect(await countOf(listing.id, 'view')).toBe(200);
    const rows = await sql.query('select * from public.listing_event_counts where listing_id = $1', [
      listing.id,
    ]);
    expect(rows).toHaveLength(1);
  });

  it('a client over 60 events a minute stops being counted', async () => {
    const before = await countOf(listing.id, 'call');
    const outcomes: string[] = [];
    for (let i = 0; i < 62; i += 1)
      outcomes.push(await one('203.0.113.77', { kind: 'call', listing: listing.slug }));
    expect(outcomes.filter((o) => o === 'counted')).toHaveLength(60);
    expect(outcomes.slice(60)).toEqual(['limited', 'limited']);
    expect(await countOf(listing.id, 'call')).toBe(before + 60);
  });

  it('takes the limit of a whole batch at once: the first 60 of a client count, and a minute later it counts again', async () => {
    const before = await countOf(listing.id, 'website');
    const batch = Array.from({ length: 62 }, () => ({
      client: '203.0.113.78',
      event: { kind: 'website' as const, listing: listing.slug },
    }));
    const outcomes = await store.countEvents([
      { client: '203.0.113.79', event: { kind: 'website', listing: listing.slug } },
      ...batch,
    ]);
    expect(outcomes.slice(0, 61)).toEqual(Array(61).fill('counted'));
    expect(outcomes.slice(61)).toEqual(['limited', 'limited']);
    expect(await countOf(listing.id, 'website')).toBe(before + 61);
    expect(await one('203.0.113.78', { kind: 'website', listing: listing.slug })).toBe('limited');
    // The window opened with the client's first event; once it is over, the client's events count again.
    await sql.query(`update public.insight_limits set window_start = window_start - interval '61 seconds'`);
    expect(await one('203.0.113.78', { kind: 'website', listing: listing.slug })).toBe('counted');
  });

  it('ignores unknown or unpublished listings, unknown kinds and texts that could be personal data', async () => {
    const ignored = [
      await one('203.0.113.5', { kind: 'view', listing: 'no-such-listing' }),
      await one('203.0.113.5', { kind: 'view', listing: pending.slug }),
      await one('203.0.113.5', { kind: 'bogus' as 'view', listing: listing.slug }),
      await one('203.0.113.5', { kind: 'text', query: 'ada@example.com' }),
      await one('203.0.113.5', { kind: 'text', query: 'call 5551234567' }),
      await one('203.0.113.5', { kind: 'place', query: 'asheville-nc', radius: 33 }),
    ];
    expect(ignored).toEqual(Array(6).fill('ignored'));
    expect(await countOf(pending.id, 'view')).toBe(0);
    expect(await one('203.0.113.5', { kind: 'text', query: 'bora bora' })).toBe('counted');
    expect(await one('203.0.113.6', { kind: 'text', query: 'bora bora' })).toBe('counted');
    expect(await one('203.0.113.6', { kind: 'place', query: '99603', radius: 25 })).toBe('counted');
    expect(await store.searchMisses(today, today, 10)).toEqual([
      { kind: 'text', query: 'bora bora', radius: 0, n: 2 },
      { kind: 'place', query: '99603', radius: 25, n: 1 },
    ]);
  });

  for (const role of ['anon', 'authenticated'] as const) {
    it(`${role} can neither read nor write the counts except through the counting function`, async () => {
      for (const table of TABLES) {
        await expect(as(role, `select * from public.${table}`), table).rejects.toThrow(/permission denied/);
        await expect(as(role, `delete from public.${table}`), table).rejects.toThrow(/permission denied/);
      }
      await expect(
        as(
          role,
          `insert into public.listing_event_counts (listing_id, day, kind, n) values ($1, now(), 'view', 999)`,
          [listing.id],
        ),
      ).rejects.toThrow(/permission denied/);
      await expect(as(role, 'update public.listing_event_counts set n = n + 1000')).rejects.toThrow(
        /permission denied/,
      );
      await expect(as(role, 'update public.search_miss_counts set n = 0')).rejects.toThrow(
        /permission denied/,
      );
      const before = await countOf(listing.id, 'website');
      const [row] = await as<{ outcomes: string[] }>(
        role,
        'select public.count_events($1::text::jsonb) as outcomes',
        [JSON.stringify([{ client: `192.0.2.${role.length}`, kind: 'website', listing: listing.slug }])],
      );
      expect(row?.outcomes).toEqual(['counted']);
      expect(await countOf(listing.id, 'website')).toBe(before + 1);
    });
  }

  it('no stored row holds an address, agent or identifier', async () => {
    const address = '203.0.113.199';
    const agent = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0';
    await one(address, { kind: 'dialog', listing: listing.slug });
    await one(address, { kind: 'text', query: 'glacier bay' });
    // Only the columns of a count: no column could hold a person's data.
    const columns = await sql.query<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns
       where table_schema = 'public' and table_name = any($1::text[]) order by table_name, ordinal_position`,
      [COUNT_TABLES],
    );
    expect(columns.map((c) => `${c.table_name}.${c.column_name}`)).toEqual([
      'listing_event_counts.listing_id',
      'listing_event_counts.day',
      'listing_event_counts.kind',
      'listing_event_counts.n',
      'search_miss_counts.day',
      'search_miss_counts.kind',
      'search_miss_counts.query',
      'search_miss_counts.radius',
      'search_miss_counts.n',
    ]);
    // And no row of any table, the rate limit's transient buckets included, holds the address or the agent.
    const tables = await sql.query<{ name: string }>(
      `select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r'`,
    );
    for (const { name } of tables) {
      const hits = await sql.query(
        `select 1 from public.${name} t where t::text like $1 or t::text like $2 or t::text like $3`,
        [`%${address}%`, `%${agent}%`, '%203.0.113.%'],
      );
      expect(hits, name).toEqual([]);
    }
    const [bucket] = await sql.query<{ bucket: string }>('select bucket from public.insight_limits limit 1');
    expect(bucket?.bucket).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a new day drops the day before’s salt and buckets', async () => {
    await sql.query(`update public.insight_salts set day = day - 1`);
    await sql.query(`update public.insight_limits set day = day - 1`);
    const yesterday = await sql.query('select 1 from public.insight_limits');
    expect(yesterday.length).toBeGreaterThan(0);
    await sql.query(`insert into public.rate_limit_hits (bucket) values ('sign-in:ip:192.0.2.1')`);
    expect(await one('192.0.2.50', { kind: 'view', listing: listing.slug })).toBe('counted');
    const salts = await sql.query<{ day: string }>(
      `select to_char(day, 'YYYY-MM-DD') as day from public.insight_salts`,
    );
    expect(salts).toEqual([{ day: today }]);
    // Only the one client of today is left, under today's salt; other limits keep their buckets.
    const limits = await sql.query<{ day: string }>(
      `select to_char(day, 'YYYY-MM-DD') as day from public.insight_limits`,
    );
    expect(limits).toEqual([{ day: today }]);
    const buckets = await sql.query<{ bucket: string }>('select bucket from public.rate_limit_hits');
    expect(buckets.map((b) => b.bucket)).toContain('sign-in:ip:192.0.2.1');
  });

  it('a batch answers each event in its place, its counts added once per listing and kind', async () => {
    const before = await countOf(listing.id, 'directions');
    const outcomes = await store.countEvents([
      { client: '192.0.2.91', event: { kind: 'directions', listing: listing.slug } },
      { client: '192.0.2.90', event: { kind: 'view', listing: 'no-such-listing' } },
      { client: '192.0.2.92', event: { kind: 'directions', listing: listing.slug } },
      { client: '192.0.2.90', event: { kind: 'text', query: 'ada@example.com' } },
      { client: '192.0.2.90', event: { kind: 'directions', listing: listing.slug } },
    ]);
    expect(outcomes).toEqual(['counted', 'ignored', 'counted', 'ignored', 'counted']);
    expect(await countOf(listing.id, 'directions')).toBe(before + 3);
  });

  it('gives the median of the other listings of the state, never with fewer than five of them', async () => {
    const from = '2026-01-01';
    const values = [0, 1, 2, 3, 10, 40];
    for (const [i, p] of peers.entries())
      if (values[i])
        await sql.query(`insert into public.listing_event_counts values ($1, $2, 'call', $3)`, [
          p.id,
          from,
          values[i],
        ]);
    await sql.query(`insert into public.listing_event_counts values ($1, $2, 'call', 500)`, [
      elsewhere.id,
      from,
    ]);
    const medians = await store.peerMedians(listing.id, from, '2026-01-31');
    expect(medians.call).toBe(2.5);
    expect(medians.view).toBe(0);
    // Maine has one listing: no median at all.
    expect((await store.peerMedians(elsewhere.id, from, '2026-01-31')).call).toBeNull();
  });

  it('reads a listing’s standing: verification date, renewal and open reports', async () => {
    await sql.query(
      `insert into public.listing_reports (listing_id, reason) values ($1, 'closed'), ($1, 'other')`,
      [listing.id],
    );
    expect(await store.standing(listing.id)).toEqual({
      listing_id: listing.id,
      slug: listing.slug,
      property_name: listing.property_name,
      state: 'Utah',
      verified_at: '2025-06-02T00:00:00Z',
      renewal: new Date('2026-06-02') <= new Date() ? 'due' : 'current',
      open_reports: 2,
      rating: null,
    });
    expect(await store.standing('not-a-uuid')).toBeNull();
  });

  it('gives the standing and the badge the average of the published reviews only, one decimal', async () => {
    const review = (rating: number, status: string) =>
      sql.query(
        `insert into public.listing_reviews (listing_id, rating, body, stay_month, display_name, email, client_hash,
           status, published_at)
         values ($1, $2, repeat('Lovely stay by the creek. ', 3), '2026-05-01', 'Robin', 'robin@example.org',
           repeat('a', 64), $3, case when $3 = 'published' then now() end)`,
        [listing.id, rating, status],
      );
    await review(5, 'published');
    await review(4, 'published');
    await review(4, 'published');
    // Neither a rejected nor a waiting review counts.
    await review(1, 'pending');
    expect((await store.standing(listing.id))?.rating).toBe(4.3);
    expect((await store.badgeListing(listing.slug))?.rating).toBe(4.3);
  });
});
