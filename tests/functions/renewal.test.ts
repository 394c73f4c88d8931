/**
 * The renewal functions as the local server runs them: the staff CLI verb runs the job as of a given
 * time, the owner's confirmation answers every input with a clear status, and confirmations are rate-limited.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import renewalHandler from '../../netlify/functions/renewal';
import staffHandler from '../../netlify/functions/staff';
import { migrate } from '../../scripts/lib/migrate';
import { enableEmbeddedDatabase } from '../../src/data/embedded';
import { openSql } from '../../src/data/open';
import type { Sql } from '../../src/data/sql';
import { sqlStore } from '../../src/data/sql-store';
import { BAD_RENEWAL_LINK, RENEWAL_CONFIRM_LIMIT } from '../../src/server/renewals';
import { submitPending } from '../db/fixtures';
import { postJson } from './support';

let work: string;
let sql: Sql;
const TOKEN = 'staff-token-for-renewal-tests-0123456789';

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'renewal-fn-'));
  for (const v of ['DATABASE_URL', 'SUPABASE_URL', 'NETLIFY_BUILD_HOOK_URL', 'APP_ENV', 'NETLIFY', 'CONTEXT'])
    delete process.env[v];
  process.env.SITE_URL = 'https://example.org';
  process.env.PGLITE_DIR = join(work, 'db');
  process.env.EMAIL_OUTBOX_DIR = join(work, 'outbox');
  process.env.STAFF_TOKEN = TOKEN;
  enableEmbeddedDatabase();
  sql = await openSql({ kind: 'pglite', dataDir: process.env.PGLITE_DIR });
  await migrate(sql);
});
afterAll(async () => {
  await sql?.close();
  await rm(work, { recursive: true, force: true });
});

const staff = (body: object) =>
  staffHandler(postJson('/api/staff', body, { authorization: `Bearer ${TOKEN}` }), { ip: '192.0.2.1' });
const confirm = (body: unknown, ip: string) => renewalHandler(postJson('/api/renewal/confirm', body), { ip });

it('the staff verb runs the job as of the given time; the e-mailed token renews the listing once', async () => {
  const { id, slug } = await submitPending(sqlStore(sql), 'Renewal Rondavels');
  expect((await staff({ action: 'verify', id: slug })).status).toBe(200);
  const now = new Date(Date.now() + 400 * 86_400_000).toISOString();
  const run = await staff({ action: 'renewals', now });
  expect(run.status).toBe(200);
  expect(((await run.json()) as { message: string }).message).toMatch(/^1 renewal e-mail\(s\) queued/);
  const [mail] = await sql.query<{ text_body: string }>(
    "select text_body from public.email_outbox where kind = 'renewal_request' and related_id = $1",
    [id],
  );
  const token = /\/renewal\/confirm#([\w-]+)/.exec(mail?.text_body ?? '')?.[1];
  const ok = await confirm({ token }, '198.51.100.1');
  expect(ok.status).toBe(200);
  expect(await ok.json()).toMatchObject({ slug });
  const again = await confirm({ token }, '198.51.100.1');
  expect(again.status).toBe(400);
  expect(await again.json()).toMatchObject({ error: BAD_RENEWAL_LINK });
});

it('answers 400 for a missing or malformed token, 405 for GET, and 429 past the per-client limit', async () => {
  for (const body of [{}, { token: 12 }, { token: 'short' }]) {
    const res = await confirm(body, '198.51.100.2');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: BAD_RENEWAL_LINK });
  }
  const get = await renewalHandler(new Request('http://localhost/api/renewal/confirm'), {
    ip: '198.51.100.2',
  });
  expect(get.status).toBe(405);
  const ip = '198.51.100.3';
  for (let i = 0; i < RENEWAL_CONFIRM_LIMIT.perClient; i++)
    expect((await confirm({ token: 'x'.repeat(43) }, ip)).status).toBe(400);
  const limited = await confirm({ token: 'x'.repeat(43) }, ip);
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
});
