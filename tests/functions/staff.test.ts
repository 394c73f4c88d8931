import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import handler from '../../netlify/functions/staff';
import { migrate } from '../../scripts/lib/migrate';
import { enableEmbeddedDatabase } from '../../src/data/embedded';
import { openSql } from '../../src/data/open';
import type { Sql } from '../../src/data/sql';
import { sqlStore } from '../../src/data/sql-store';
import { sqlStaffStore } from '../../src/data/staff-sql';
import { flushDeferredRebuild } from '../../src/server/staff/rebuild-signal';
import { submitPending } from '../db/fixtures';
import { count, postJson } from './support';

const TOKEN = 'staff-test-token-0123456789';
let work: string;
let sql: Sql;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'staff-fn-'));
  for (const v of ['DATABASE_URL', 'SUPABASE_URL', 'NETLIFY_BUILD_HOOK_URL', 'APP_ENV', 'NETLIFY', 'CONTEXT'])
    delete process.env[v];
  process.env.PGLITE_DIR = join(work, 'db');
  process.env.EMAIL_OUTBOX_DIR = join(work, 'outbox');
  // The handler opens the same embedded database: one shared instance per folder in this process, which is a local
  // runtime like npm start's.
  enableEmbeddedDatabase();
  sql = await openSql({ kind: 'pglite', dataDir: process.env.PGLITE_DIR });
  await migrate(sql);
});
afterAll(async () => {
  await sql?.close();
  await rm(work, { recursive: true, force: true });
});
beforeEach(() => {
  process.env.STAFF_TOKEN = TOKEN;
});

let n = 0;
function pending(): Promise<{ id: string; slug: string }> {
  n += 1;
  return submitPending(sqlStore(sql), `Staff Fn ${n}`);
}

const status = async (id: string) =>
  (
    await sql.query<{ s: string }>(
      'select verification_status as s from public.glamping_listings where id = $1',
      [id],
    )
  )[0]?.s;
const staffPost = (body: unknown, token: string | null = TOKEN) =>
  handler(postJson('/api/staff', body, token === null ? {} : { authorization: `Bearer ${token}` }));

describe('POST /api/staff without the right token', () => {
  it.each([
    ['no Authorization header', null],
    ['a wrong token', 'staff-test-token-0123456780'],
    ['a prefix of the token', TOKEN.slice(0, 10)],
    ['an empty bearer', ''],
  ])('answers 401 to %s and changes nothing', async (_label, token) => {
    const { id } = await pending();
    const audits = await count(sql, 'staff_audit_log');
    const res = await staffPost({ action: 'verify', id }, token);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(await res.json()).toEqual({ error: 'Staff token missing or wrong' });
    expect(await status(id)).toBe('pending');
    expect(await count(sql, 'staff_audit_log')).toBe(audits);
  });

  it('answers 401 to every token when STAFF_TOKEN is not configured', async () => {
    delete process.env.STAFF_TOKEN;
    const { id } = await pending();
    expect((await staffPost({ action: 'verify', id }, '')).status).toBe(401);
    expect((await staffPost({ action: 'verify', id }, 'undefined')).status).toBe(401);
    expect(await status(id)).toBe('pending');
  });

  it('checks the token before reading the body (a malformed body still gets 401)', async () => {
    expect((await staffPost('{not json', 'wrong')).status).toBe(401);
  });
});

describe('POST /api/staff with bad requests', () => {
  it('answers 405 to other methods and 415 to a body that is not JSON', async () => {
    const get = await handler(new Request('http://localhost/api/staff', { method: 'GET' }));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const form = await handler(
      new Request('http://localhost/api/staff', {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'text/plain' },
        body: 'action=list',
      }),
    );
    expect(form.status).toBe(415);
  });

  it.each([
    ['malformed JSON', '{"action":', 'The request is not valid JSON'],
    ['a JSON array', '[]', 'The request must be a JSON object'],
  ])('answers 400 to %s', async (_label, body, error) => {
    const res = await staffPost(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error });
  });

  it.each([
    [{ action: 'publish', id: 'x' }, 'action'],
    [{ action: 'verify' }, 'id'],
    [{ action: 'reject', id: 'x' }, 'reason'],
    [{ action: 'reject', id: 'x', reason: '   ' }, 'reason'],
    [{ action: 'edit', id: 'x', field: 'phone' }, 'value'],
  ])('answers 400 with the field at fault for %j', async (body, field) => {
    const res = await staffPost(body);
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { error: string; fields: Record<string, string> };
    expect(answer.error).toBe('Invalid staff request');
    expect(Object.keys(answer.fields)).toContain(field);
  });

  it('answers 400 with a reason for an unknown listing or an invalid value, and changes nothing', async () => {
    const { id } = await pending();
    const unknown = await staffPost({ action: 'verify', id: 'no-such-listing' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ error: 'No listing with id or slug "no-such-listing"' });
    const bad = await staffPost({ action: 'edit', id, field: 'zip_code', value: 'abc' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'zip_code: Please enter a 5-digit ZIP code' });
    const badCsv = await staffPost({ action: 'import', csv: 'property_name\nA\n' });
    expect(badCsv.status).toBe(400);
    expect(((await badCsv.json()) as { error: string }).error).toMatch(/^Nothing imported: \d+ problem\(s\)/);
    expect((await sql.query('select 1 from public.staff_audit_log where listing_id = $1', [id])).length).toBe(
      0,
    );
  });

  it.each(['1', 'yesterday', '2026-13-45', '2026-02-30'])(
    'answers 400 "line N, created_at: ..." to an import with created_at %j, and imports nothing',
    async (createdAt) => {
      await pending();
      const exported = (await (await staffPost({ action: 'export' })).json()) as { csv: string };
      const [columns = [], cells = []] = parse(exported.csv) as string[][];
      cells[columns.indexOf('id')] = '';
      cells[columns.indexOf('slug')] = 'imported-with-a-bad-date';
      cells[columns.indexOf('created_at')] = createdAt;
      const listings = await count(sql, 'glamping_listings');
      const res = await staffPost({ action: 'import', csv: stringify([columns, cells]) });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error:
          'Nothing imported: 1 problem(s)\nline 2, created_at: Please enter a real date like 2025-06-01 or 2025-06-01T14:30:00Z',
      });
      expect(await count(sql, 'glamping_listings')).toBe(listings);
    },
  );

  it('answers 413 to a body over the limit', async () => {
    const res = await staffPost({ action: 'import', csv: 'x'.repeat(5_000_001) });
    expect(res.status).toBe(413);
  });
});

describe('POST /api/staff with the right token', () => {
  it('lists, shows, verifies and rejects, recording the actor', async () => {
    const a = await pending();
    const b = await pending();
    const list = await staffPost({ action: 'list' });
    expect(list.status).toBe(200);
    const listed = (await list.json()) as { listings: Array<{ id: string; owner_email: string }> };
    expect(listed.listings.find((l) => l.id === a.id)?.owner_email).toBe('olive@example.com');

    const verify = await staffPost({ action: 'verify', id: a.slug });
    expect(verify.status).toBe(200);
    expect(await verify.json()).toMatchObject({
      message: `${a.slug}: pending -> verified, e-mail to olive@example.com sent`,
      listing: { id: a.id, verification_status: 'verified' },
      rebuild: 'none',
    });
    const reject = await staffPost({ action: 'reject', id: b.id, reason: 'Duplicate', actor: 'webhook' });
    expect(reject.status).toBe(200);
    expect(await status(a.id)).toBe('verified');
    expect(await status(b.id)).toBe('rejected');
    const audit = await sql.query<{ actor: string; action: string }>(
      'select actor, action from public.staff_audit_log where listing_id in ($1, $2) order by id',
      [a.id, b.id],
    );
    expect(audit).toEqual([
      { actor: 'staff-api', action: 'verify' },
      { actor: 'webhook', action: 'reject' },
    ]);
  });

  it('calls the build hook once for a burst of public changes', async () => {
    const calls: string[] = [];
    const hook: Server = createServer((req, res) => {
      calls.push(req.method ?? '');
      res.writeHead(200).end();
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    process.env.NETLIFY_BUILD_HOOK_URL = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
    try {
      const outcomes: string[] = [];
      for (let i = 0; i < 3; i++) {
        const { id } = await pending();
        const res = await staffPost({ action: 'verify', id });
        outcomes.push(((await res.json()) as { rebuild: string }).rebuild);
      }
      // A change that is not public (rejecting a pending listing) asks for no rebuild at all.
      const { id } = await pending();
      const quiet = await staffPost({ action: 'reject', id, reason: 'Spam' });
      expect(((await quiet.json()) as { rebuild?: string }).rebuild).toBeUndefined();
      expect(outcomes).toEqual(['hook-called', 'hook-deferred', 'hook-deferred']);
      expect(calls).toEqual(['POST']);

      // The scheduled trailing call publishes the deferred changes once the window has passed, exactly once.
      const store = sqlStaffStore(sql);
      expect(await flushDeferredRebuild(store, process.env.NETLIFY_BUILD_HOOK_URL ?? null, 3600)).toBe(
        'none',
      );
      expect(await flushDeferredRebuild(store, process.env.NETLIFY_BUILD_HOOK_URL ?? null, 0)).toBe(
        'hook-called',
      );
      expect(await flushDeferredRebuild(store, process.env.NETLIFY_BUILD_HOOK_URL ?? null, 0)).toBe('none');
      expect(calls).toEqual(['POST', 'POST']);
    } finally {
      delete process.env.NETLIFY_BUILD_HOOK_URL;
      await new Promise((resolve) => hook.close(resolve));
    }
  });
});
