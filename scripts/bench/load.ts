/**
 * The submission function (POST /api/listings) under load on loopback with autocannon: 50 connections for 20 s,
 * every request a valid listing with its own name. All requests come from one address (127.0.0.1), so the
 * function's per-client limit (10 a minute) admits the first ten and answers 429 to the rest: those 429s are
 * intended. Budget: no other non-2xx answer, no connection error or timeout, p99 under 100 ms. The server is the
 * local one (scripts/lib/server.ts: static files and functions in one process), warmed up (store open).
 *
 * A second, shorter run (informational) calls the same handler without the rate limit, so every request goes
 * through validation, the database transaction and the e-mail outbox: the write path's own throughput on the
 * embedded database (production writes go to Supabase).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type autocannon from 'autocannon';
import { functionConfig, functionStore, functionTransport } from '../../netlify/lib/deps';
import type { AppConfig } from '../../src/config';
import { findInGazetteer } from '../../src/data/gazetteer';
import { createSubmitHandler } from '../../src/server/submissions';
import { hammer } from './hammer';
import { BENCH_HOST, benchSite, builtSizes, serveBenchSite } from './site';
import { atMost, type BenchRow, type BenchSection, info } from './types';

const SECTION = 'load';
const CONNECTIONS = 50;
const SECONDS = 20;
const UNLIMITED_SECONDS = 10;
const P99_BUDGET_MS = 100;

const BASE = {
  ownerName: 'Bench Owner',
  email: 'bench@example.com',
  phone: '(555) 123-4567',
  address: '12 Forest Road',
  city: 'Bend',
  state: 'Oregon',
  zipCode: '97701',
  accommodationType: 'Yurts',
  settingType: 'Forest',
  description: 'Heated yurts among the pines, a short walk from the river.',
  amenities: ['Fire Pit', 'Hot Shower'],
  priceRange: 'Mid-Range',
  website: 'https://pines.example.com',
  latitude: '44.05',
  longitude: '-121.31',
};

/** Every request is a valid listing with its own name. */
const LISTINGS = {
  setup: 'let n = 0;',
  request: `{
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    setupRequest: (req) => ({
      ...req,
      body: JSON.stringify({ ...workerData.data.base, propertyName: 'Bench Pines ' + ++n + ' Yurts' }),
    }),
  }`,
};

const submissions = (url: string, seconds: number) =>
  hammer({ ...LISTINGS, url, seconds, connections: CONNECTIONS, data: { base: BASE } });

/** Answers per second over the run (the per-second histogram stays in the worker). */
const rps = (r: autocannon.Result) =>
  Math.round((r['1xx'] + r['2xx'] + r['3xx'] + r['4xx'] + r['5xx']) / Math.max(r.duration, 1e-9));

const count = (result: autocannon.Result, code: number) =>
  (result.statusCodeStats as Record<string, { count: number } | undefined>)[code]?.count ?? 0;

/** What the statuses were, for the note: '201 x10, 429 x41,230'. */
function statuses(result: autocannon.Result): string {
  return Object.entries(result.statusCodeStats as Record<string, { count: number }>)
    .map(([code, s]) => `${code} x${s.count.toLocaleString('en-US')}`)
    .join(', ');
}

/** The submit handler without a rate limit, on its own loopback server. */
async function unlimitedServer(config: AppConfig) {
  const handler = createSubmitHandler({
    store: () => functionStore(config),
    transport: functionTransport(config),
    email: config.email,
    siteUrl: config.siteUrl,
    rateLimit: () => ({ ok: true }),
    log: () => {},
    places: () => findInGazetteer,
  });
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request = new Request(`http://${BENCH_HOST}${req.url}`, {
      method: req.method ?? 'POST',
      headers: { 'content-type': req.headers['content-type'] ?? '' },
      body: Buffer.concat(chunks),
    });
    const response = await handler(request, { ip: req.socket.remoteAddress ?? 'unknown' });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, BENCH_HOST, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${BENCH_HOST}:${port}/api/listings`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const section: BenchSection = {
  name: SECTION,
  async run(): Promise<BenchRow[]> {
    // Any site will do: reuse one this run built already.
    const site = await benchSite(builtSizes()[0] ?? 1000);
    const server = await serveBenchSite(site);
    // The functions' configuration as they read it now, the bench site's (its database, its outbox): read when the
    // module loaded, it named whatever database was configured then, the developer's own for a run of this section
    // alone. A warm function instance: the store is opened once per instance, before the first request is timed.
    const config = functionConfig();
    await functionStore(config);
    const rows: BenchRow[] = [];
    try {
      const limited = await submissions(`${server.url}/api/listings`, SECONDS);
      const ok = limited['2xx'];
      const limitedCount = count(limited, 429);
      const other = limited.non2xx - limitedCount;
      const label = `POST /api/listings (${CONNECTIONS} conn, ${SECONDS} s)`;
      rows.push(
        info(SECTION, `${label} requests/s`, rps(limited), 'req/s', statuses(limited)),
        atMost(SECTION, `${label} p99 latency`, limited.latency.p99, 'ms', P99_BUDGET_MS),
        info(SECTION, `${label} 2xx`, ok, '', 'the per-client limit admits 10 a minute'),
        info(SECTION, `${label} 429 (intended)`, limitedCount, ''),
        atMost(SECTION, `${label} other non-2xx`, other, '', 0),
        atMost(SECTION, `${label} errors + timeouts`, limited.errors, '', 0, `${limited.timeouts} timeouts`),
      );

      const unlimited = await unlimitedServer(config);
      try {
        const writes = await submissions(unlimited.url, UNLIMITED_SECONDS);
        const wLabel = `write path, no rate limit (${CONNECTIONS} conn, ${UNLIMITED_SECONDS} s)`;
        rows.push(
          info(SECTION, `${wLabel} requests/s`, rps(writes), 'req/s', statuses(writes)),
          info(SECTION, `${wLabel} p50 latency`, writes.latency.p50, 'ms'),
          info(
            SECTION,
            `${wLabel} p99 latency`,
            writes.latency.p99,
            'ms',
            `embedded database; ${writes.errors} errors`,
          ),
        );
      } finally {
        await unlimited.close();
      }
    } finally {
      await server.close();
    }
    return rows;
  },
};

export default section;
