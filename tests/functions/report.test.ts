/** POST /api/reports: every input gets a clear answer; reports are rate-limited per client. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertListings } from '../../scripts/lib/seed';
import type { Sql } from '../../src/data/sql';
import type { Store } from '../../src/data/store';
import { createReportHandler, REPORT_LIMIT, UNKNOWN_LISTING } from '../../src/server/reports';
import { listingRow } from '../db/fixtures';
import { count, memoryTransport, postJson, testDatabase, testDeps } from './support';

let sql: Sql;
let store: Store;
const SLUG = 'juniper-yurts-moab-utah';

beforeAll(async () => {
  ({ sql, store } = await testDatabase());
  await insertListings(sql, [listingRow({ slug: SLUG })]);
});
afterAll(() => sql?.close());

const handler = () => createReportHandler(testDeps(store, memoryTransport()));
const send = (body: unknown, ip = '192.0.2.10') => handler()(postJson('/api/reports', body), { ip });

it('stores a report of a published listing (201), with the optional message and reply address', async () => {
  const res = await send({
    listing: SLUG,
    reason: 'wrong_phone',
    message: 'Rings a bakery',
    email: 'ann@example.com',
  });
  expect(res.status).toBe(201);
  const rows = await sql.query('select reason, message, email from public.listing_reports');
  expect(rows).toEqual([{ reason: 'wrong_phone', message: 'Rings a bakery', email: 'ann@example.com' }]);
});

it('answers 400 with a message per field, and stores nothing', async () => {
  const before = await count(sql, 'listing_reports');
  const cases: Array<[unknown, Record<string, string>]> = [
    [{ listing: SLUG }, { reason: 'Please choose what is wrong' }],
    [{ listing: SLUG, reason: 'rude' }, { reason: 'Please choose an option from the list' }],
    [{ listing: SLUG, reason: 'closed', email: 'ann@' }, { email: 'Please enter a valid email' }],
    [{ listing: 'nope-nope', reason: 'closed' }, { listing: UNKNOWN_LISTING }],
    [{ listing: '../x', reason: 'closed' }, { listing: 'Please report from a listing page' }],
  ];
  for (const [body, fields] of cases) {
    const res = await send(body, '192.0.2.11');
    expect(res.status, JSON.stringify(body)).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields).toMatchObject(fields);
  }
  expect(await count(sql, 'listing_reports')).toBe(before);
});

it(`answers 429 after ${REPORT_LIMIT.perClient} reports from one client in an hour, others still report`, async () => {
  for (let i = 0; i < REPORT_LIMIT.perClient; i++)
    expect((await send({ listing: SLUG, reason: 'closed' }, '192.0.2.12')).status).toBe(201);
  const limited = await send({ listing: SLUG, reason: 'closed' }, '192.0.2.12');
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  expect((await send({ listing: SLUG, reason: 'closed' }, '192.0.2.13')).status).toBe(201);
});
