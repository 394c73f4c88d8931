/**
 * The counting function (POST /api/events, D35) under load on loopback with autocannon: 200 connections for 10 s,
 * a new client every 50 requests (its own X-Forwarded-For, so the per-client limit of 60 a minute never stops one),
 * every request a view of the same listing. Budgets: what the database adds to the p99 latency at most 50 ms, and
 * every 2xx counted exactly once (the stored count equals the answers, read once every request the server took is
 * answered). Also reported: the p99 itself, rows written per 1,000 events (count upserts and limit upserts, one per
 * client and batch) and count rows stored per 1,000 events.
 *
 * What the database adds is the p99 minus the p99 of the same load on a store that answers at once: what the HTTP
 * server, the Request each call is handed, the handler and the load generator cost on this machine before any
 * database work. That floor alone moved from 43 to 143 ms between runs on the shared 2-core development machine
 * (docs/performance.md, "Measurements"), over the 50 ms the p99 itself was once held to: a budget the machine's floor
 * can exceed judged the host, not the counting. The difference is the same kind of same-run reference as the
 * Pagefind ratios.
 *
 * Measured as Lighthouse is, in rounds with the median kept: three rounds, each the database and the floor (in turn
 * first, so that a host that drifts during the section favours neither), each load after 2 s of the same load not
 * measured (autocannon's warm-up: the server's code compiled and the database's plans made before timing, for both
 * sides alike). The figure is the median of the rounds' differences; every round is in the note.
 *
 * It needs no site: a fresh database of its own (in-memory PGlite; BENCH_POSTGRES_URL=postgres://... makes a
 * temporary database on that server instead, dropped at the end) with one listing. Runs alone:
 * `npm run bench -- insights`.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import postgres from 'postgres';
import { openPglite } from '../../src/data/adapters/pglite';
import { openPostgres } from '../../src/data/adapters/postgres';
import { sqlInsightsStore } from '../../src/data/insights-sql';
import type { InsightsStore } from '../../src/data/insights-store';
import type { Sql } from '../../src/data/sql';
import { createCountHandler } from '../../src/server/insights/count';
import { migrate } from '../lib/migrate';
import { hammer } from './hammer';
import { median } from './html-weight';
import { atMost, type BenchRow, type BenchSection, info } from './types';

const SECTION = 'insights';
const CONNECTIONS = 200;
const SECONDS = 10;
const WARMUP_SECONDS = 2;
const ROUNDS = 3;
/** Clients per load are well under this: each load's clients are new ones, as each round must find them unlimited. */
const CLIENTS_PER_LOAD = 100_000;
const DATABASE_P99_BUDGET_MS = 50;
const SLUG = 'bench-yurts-moab-utah';
const HOST = '127.0.0.1';

/**
 * Every 50 requests come from a new client (its own X-Forwarded-For), every request a view of the same listing.
 * Counted across connections: autocannon starts a fresh request context whenever a connection's list of requests
 * starts over, so with one request in the list a per-connection counter would make every request a new client.
 */
const VIEWS = {
  setup: 'let sent = 0; let ip = "";',
  request: `{
    method: 'POST',
    setupRequest: (req) => {
      if (sent % 50 === 0) { const c = workerData.data.firstClient + sent / 50 + 1; ip = '10.' + (c >> 16 & 255) + '.' + (c >> 8 & 255) + '.' + (c & 255); }
      sent += 1;
      return {
        ...req,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
          'x-forwarded-for': ip,
        },
        body: JSON.stringify({ kind: 'view', listing: workerData.data.slug }),
      };
    },
  }`,
};

/** A fresh migrated database with one verified listing, and how to drop it. */
async function database(): Promise<{ sql: Sql; what: string; drop(): Promise<void> }> {
  const server = process.env.BENCH_POSTGRES_URL;
  let sql: Sql;
  let drop = async () => {};
  if (server) {
    const admin = postgres(server, { max: 1, onnotice: () => {} });
    const name = `bench_insights_${randomUUID().replace(/-/g, '')}`;
    await admin.unsafe(`create database ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    sql = openPostgres(url.href, { max: 20 });
    drop = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else sql = await openPglite();
  await migrate(sql);
  await sql.query(
    `insert into public.glamping_listings (slug, property_name, description, latitude, longitude, street_address,
       city, state, zip_code, phone, accommodation_type, setting_type, verification_status)
     values ($1, 'Bench Yurts', 'Yurts.', 38.57, -109.55, '1 Canyon Rd', 'Moab', 'Utah', '84532', '4355550100',
       'Yurts', 'Desert', 'verified')`,
    [SLUG],
  );
  return { sql, what: server ? 'PostgreSQL server' : 'embedded PGlite', drop };
}

const totals = async (sql: Sql) => {
  const [row] = await sql.query<{ events: number; counts: number; limits: number }>(
    `select (select coalesce(sum(n), 0)::int from public.listing_event_counts) as events,
            (select count(*)::int from public.listing_event_counts) as counts,
            (select count(*)::int from public.insight_limits) as limits`,
  );
  return row ?? { events: 0, counts: 0, limits: 0 };
};

/** The counting handler on a loopback HTTP server, as Netlify hands functions a Request; its 204s and drain. */
async function serve(store: InsightsStore) {
  const handler = createCountHandler(() => ({ store: async () => store, log: () => {} }));
  let noContent = 0;
  let inFlight = 0;
  const server = createServer(async (req, res) => {
    inFlight += 1;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(
      Object.entries(req.headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])),
    );
    const request = new Request(`http://${HOST}${req.url}`, {
      method: req.method ?? 'POST',
      headers,
      body: Buffer.concat(chunks),
    });
    const response = await handler(request, { ip: headers['x-forwarded-for'] ?? 'unknown' });
    // Counted server-side: a request the client gave up on (a timeout) may still have been answered and counted.
    if (response.status === 204) noContent += 1;
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
    inFlight -= 1;
  });
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    noContent: () => noContent,
    async drained() {
      while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The `n`th load of the section (from 0): its clients are its own, none seen by the loads before it. */
const load = (port: number, n: number) =>
  hammer({
    ...VIEWS,
    url: `http://${HOST}:${port}/api/events`,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    connections: CONNECTIONS,
    data: { slug: SLUG, firstClient: n * CLIENTS_PER_LOAD },
  });

const section: BenchSection = {
  name: SECTION,
  async run(): Promise<BenchRow[]> {
    const db = await database();
    // One store for the instance, as functions keep it (netlify/lib/deps.ts): its batcher is per store.
    const inner = sqlInsightsStore(db.sql);
    let batches = 0;
    let keys = 0;
    let clients = 0;
    const store: InsightsStore = {
      ...inner,
      async countEvents(events) {
        const outcomes = await inner.countEvents(events);
        batches += 1;
        // Count rows this batch upserted: one per listing (or search) and kind it counted.
        keys += new Set(
          events.filter((_, i) => outcomes[i] === 'counted').map(({ event }) => JSON.stringify(event)),
        ).size;
        // Limit rows this batch upserted: one per client with an event that was not ignored.
        clients += new Set(events.filter((_, i) => outcomes[i] !== 'ignored').map(({ client }) => client))
          .size;
        return outcomes;
      },
    };
    const served = await serve(store);
    // The floor: the same load on a store that counts nothing and answers at once.
    const none = await serve({
      countEvents: async (events) => events.map(() => 'counted' as const),
    } as Pick<InsightsStore, 'countEvents'> as InsightsStore);
    try {
      const before = await totals(db.sql);
      const rounds: { database: number; floor: number }[] = [];
      let loads = 0;
      let requests = 0;
      let non2xx = 0;
      let errors = 0;
      let timeouts = 0;
      const p99 = async (on: typeof served, counted: boolean) => {
        const result = await load(on.port, loads++);
        // Requests the clients gave up on at the end may still be in a batch: their answers count once stored.
        await on.drained();
        if (counted) {
          requests += result.requests.total;
          non2xx += result.non2xx;
          errors += result.errors;
          timeouts += result.timeouts;
        }
        return result.latency.p99;
      };
      for (let round = 0; round < ROUNDS; round++) {
        if (round % 2 === 0) {
          const database = await p99(served, true);
          rounds.push({ database, floor: await p99(none, false) });
        } else {
          const floor = await p99(none, false);
          rounds.push({ database: await p99(served, true), floor });
        }
      }
      const after = await totals(db.sql);
      const answered = served.noContent();
      const added = median(rounds.map((r) => r.database - r.floor));
      const database = median(rounds.map((r) => r.database));
      const floor = median(rounds.map((r) => r.floor));
      const each = rounds.map((r) => `${r.database} - ${r.floor}`).join(', ');
      const counted = after.events - before.events;
      const perThousand = (n: number) => Math.round((n / Math.max(1, answered)) * 1000 * 100) / 100;
      const label = `POST /api/events (${CONNECTIONS} clients, ${SECONDS} s, ${db.what})`;
      const measured = ROUNDS * SECONDS;
      return [
        info(
          SECTION,
          `${label} requests/s`,
          Math.round(requests / measured),
          'req/s',
          `${non2xx} non-2xx; ${ROUNDS} loads of ${SECONDS} s`,
        ),
        info(SECTION, `${label} p99 latency (median of ${ROUNDS})`, database, 'ms'),
        info(
          SECTION,
          `the same with a store that answers at once: p99 latency (median of ${ROUNDS})`,
          floor,
          'ms',
          'what the HTTP server, the handler and the load generator cost on this machine without any database',
        ),
        atMost(
          SECTION,
          `${label} p99 latency the database adds`,
          added,
          'ms',
          DATABASE_P99_BUDGET_MS,
          `median of ${ROUNDS} rounds, database - floor: ${each} ms`,
        ),
        atMost(
          SECTION,
          `${label} events lost or doubled`,
          Math.abs(answered - counted),
          '',
          0,
          `${counted} counted`,
        ),
        info(
          SECTION,
          'rows written per 1,000 events',
          perThousand(keys + clients),
          'rows',
          `${perThousand(keys)} count upserts + ${perThousand(clients)} limit upserts (${batches} batches, ${after.limits - before.limits} limit rows kept)`,
        ),
        info(
          SECTION,
          'count rows stored per 1,000 events',
          perThousand(after.counts - before.counts),
          'rows',
        ),
        atMost(SECTION, `${label} errors + timeouts`, errors, '', 0, `${timeouts} timeouts`),
      ];
    } finally {
      await none.close();
      await served.close();
      await db.sql.close();
      await db.drop();
    }
  },
};

export default section;
