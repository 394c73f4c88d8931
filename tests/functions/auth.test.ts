import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import authHandler from '../../netlify/functions/auth';
import staffHandler from '../../netlify/functions/staff';
import { migrate } from '../../scripts/lib/migrate';
import { enableEmbeddedDatabase } from '../../src/data/embedded';
import { openSql } from '../../src/data/open';
import type { Sql } from '../../src/data/sql';
import { sqlStore } from '../../src/data/sql-store';
import { BAD_LINK, NEUTRAL_ANSWER, SIGN_IN_LIMITS } from '../../src/server/auth/endpoints';
import { submitPending } from '../db/fixtures';
import { count, postJson, signInLinks } from './support';

const SITE = 'http://localhost';
let work: string;
let sql: Sql;
let client = 0;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'auth-fn-'));
  for (const v of [
    'DATABASE_URL',
    'SUPABASE_URL',
    'NETLIFY_BUILD_HOOK_URL',
    'APP_ENV',
    'NETLIFY',
    'CONTEXT',
    'SITE_URL',
  ])
    delete process.env[v];
  process.env.PGLITE_DIR = join(work, 'db');
  process.env.EMAIL_OUTBOX_DIR = join(work, 'outbox');
  process.env.STAFF_EMAILS = 'ada@example.org, bo@example.org';
  enableEmbeddedDatabase();
  sql = await openSql({ kind: 'pglite', dataDir: process.env.PGLITE_DIR });
  await migrate(sql);
});
afterAll(async () => {
  await sql?.close();
  await rm(work, { recursive: true, force: true });
});
beforeEach(async () => {
  // Each test is its own client, so the per-client limits of one do not reach another.
  client += 1;
  await sql.exec('delete from public.rate_limit_hits');
});

const ip = () => `203.0.113.${client}`;
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  authHandler(postJson(path, body, { 'x-forwarded-for': ip(), origin: SITE, ...headers }), {});
const requestLink = (email: string) => post('/api/auth/sign-in', { email });

const linksFor = (address: string) => signInLinks(join(work, 'outbox'), address);

async function signIn(email: string): Promise<string> {
  expect((await requestLink(email)).status).toBe(202);
  const token = (await linksFor(email)).at(-1);
  const res = await post('/api/auth/confirm', { token });
  expect(res.status).toBe(200);
  const cookie = res.headers.get('set-cookie') ?? '';
  return cookie.split(';')[0] ?? '';
}

describe('asking for a sign-in link', () => {
  it('answers an unknown address like a staff one, and stores and sends nothing for it', async () => {
    const links = await count(sql, 'auth_links');
    const unknown = await requestLink('eve@example.org');
    expect(unknown.status).toBe(202);
    expect(await unknown.json()).toEqual({ message: NEUTRAL_ANSWER });
    expect(await count(sql, 'auth_links')).toBe(links);
    expect(await linksFor('eve@example.org')).toEqual([]);

    const known = await requestLink('Ada@Example.org');
    expect(known.status).toBe(202);
    expect(await known.json()).toEqual({ message: NEUTRAL_ANSWER });
    expect(await linksFor('ada@example.org')).toHaveLength(1);
  });

  it('refuses an invalid address next to its field', async () => {
    const res = await requestLink('not-an-address');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'Please enter a valid email',
      fields: { email: 'Please enter a valid email' },
    });
  });

  it(`answers 429 after ${SIGN_IN_LIMITS.perAddress} requests for one address, known or not`, async () => {
    for (const address of ['bo@example.org', 'nobody@example.org']) {
      await sql.exec('delete from public.rate_limit_hits');
      for (let i = 0; i < SIGN_IN_LIMITS.perAddress; i++) {
        client += 1;
        expect((await requestLink(address)).status).toBe(202);
      }
      client += 1;
      const res = await requestLink(address);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it(`answers 429 after ${SIGN_IN_LIMITS.perClient} requests from one client`, async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.perClient; i++)
      expect((await requestLink(`someone${i}@example.org`)).status).toBe(202);
    expect((await requestLink('someone-else@example.org')).status).toBe(429);
  });
});

describe('using the link', () => {
  it('opens an HttpOnly, SameSite=Lax session once; the same link again is refused', async () => {
    await requestLink('ada@example.org');
    const token = (await linksFor('ada@example.org')).at(-1);
    const res = await post('/api/auth/confirm', { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: 'ada@example.org', staff: true, owner: false });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(
      /^glamping_session=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/; HttpOnly; SameSite=Lax$/,
    );

    const again = await post('/api/auth/confirm', { token });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: BAD_LINK });

    const who = await authHandler(
      new Request(`${SITE}/api/auth/session`, { headers: { cookie: cookie.split(';')[0] ?? '' } }),
    );
    expect(await who.json()).toMatchObject({ email: 'ada@example.org', staff: true });
  });

  it('marks the cookie Secure with the __Host- prefix outside plain-HTTP loopback', async () => {
    await requestLink('ada@example.org');
    const token = (await linksFor('ada@example.org')).at(-1);
    const res = await authHandler(
      new Request('https://glamping.example/api/auth/confirm', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: 'https://glamping.example',
          'x-forwarded-for': ip(),
        },
        body: JSON.stringify({ token }),
      }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(
      /^__Host-glamping_session=.*; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
  });

  it.each([
    ['an altered token', (t: string) => `${t.slice(0, -1)}${t.endsWith('A') ? 'B' : 'A'}`],
    ['a cut token', (t: string) => t.slice(0, 20)],
    ['no token', () => undefined],
  ])('refuses %s', async (_label, alter) => {
    await requestLink('ada@example.org');
    const token = (await linksFor('ada@example.org')).at(-1) ?? '';
    const res = await post('/api/auth/confirm', { token: alter(token) });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: BAD_LINK });
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('refuses an expired link', async () => {
    await requestLink('ada@example.org');
    const token = (await linksFor('ada@example.org')).at(-1);
    await sql.exec(
      `update public.auth_links set expires_at = now() - interval '1 second' where used_at is null`,
    );
    expect((await post('/api/auth/confirm', { token })).status).toBe(400);
  });

  it('refuses a link posted from another site, which leaves it usable', async () => {
    await requestLink('ada@example.org');
    const token = (await linksFor('ada@example.org')).at(-1);
    const foreign = await post('/api/auth/confirm', { token }, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect((await post('/api/auth/confirm', { token })).status).toBe(200);
  });

  it('signing out ends the session', async () => {
    const cookie = await signIn('ada@example.org');
    const out = await post('/api/auth/sign-out', {}, { cookie });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/^glamping_session=; Max-Age=0/);
    const who = await authHandler(new Request(`${SITE}/api/auth/session`, { headers: { cookie } }));
    expect(who.status).toBe(401);
  });
});

describe('the staff function with a session', () => {
  const staffPost = (body: unknown, headers: Record<string, string>) =>
    staffHandler(postJson('/api/staff', body, { 'x-forwarded-for': ip(), ...headers }), {});
  const status = async (id: string) =>
    (
      await sql.query<{ s: string }>(
        'select verification_status as s from public.glamping_listings where id = $1',
        [id],
      )
    )[0]?.s;

  it("records the signed-in address as the audit's who", async () => {
    const cookie = await signIn('bo@example.org');
    const { id } = await submitPending(sqlStore(sql), 'Session Verified Camp');
    const res = await staffPost({ action: 'verify', id }, { cookie, origin: SITE });
    expect(res.status).toBe(200);
    expect(await status(id)).toBe('verified');
    const [audit] = await sql.query<{ actor: string; action: string }>(
      'select actor, action from public.staff_audit_log where listing_id = $1',
      [id],
    );
    expect(audit).toEqual({ actor: 'bo@example.org', action: 'verify' });
  });

  it.each([
    ['without an Origin', {}],
    ['from another site', { origin: 'https://evil.example' }],
  ])('changes nothing for a request %s', async (_label, headers) => {
    const cookie = await signIn('bo@example.org');
    const { id } = await submitPending(sqlStore(sql), `Cross Site Camp ${client}`);
    const res = await staffPost({ action: 'verify', id }, { cookie, ...headers });
    expect(res.status).toBe(403);
    expect(await status(id)).toBe('pending');
  });

  it('answers 401 to an ended session and 403 to a session that is not staff', async () => {
    const { id } = await submitPending(sqlStore(sql), `Guarded Camp ${client}`);
    const ended = await staffPost(
      { action: 'verify', id },
      { cookie: `glamping_session=${'A'.repeat(43)}`, origin: SITE },
    );
    expect(ended.status).toBe(401);

    const cookie = await signIn('ada@example.org');
    await sql.exec(`insert into public.staff_members (email, added_by) values ('cy@example.org', 'test')
      on conflict do nothing`);
    const cy = await signIn('cy@example.org');
    await sql.exec(`delete from public.staff_members where email = 'cy@example.org'`);
    const refused = await staffPost({ action: 'verify', id }, { cookie: cy, origin: SITE });
    expect(refused.status).toBe(403);
    expect(await status(id)).toBe('pending');
    expect((await staffPost({ action: 'show', id }, { cookie, origin: SITE })).status).toBe(200);
  });

  it('ignores an actor named in the request: the audit names the signed-in member', async () => {
    const cookie = await signIn('bo@example.org');
    const { id } = await submitPending(sqlStore(sql), `Named Actor Camp ${client}`);
    await staffPost({ action: 'feature', id, actor: 'mallory' }, { cookie, origin: SITE });
    const rows = await sql.query<{ actor: string }>(
      'select actor from public.staff_audit_log where listing_id = $1',
      [id],
    );
    expect(rows).toEqual([{ actor: 'bo@example.org' }]);
  });

  it('searches every listing by name, city or state and status', async () => {
    const cookie = await signIn('ada@example.org');
    const { slug } = await submitPending(sqlStore(sql), 'Searchable Quokka Domes');
    const res = await staffPost(
      { action: 'search', query: 'quokka', status: 'pending' },
      { cookie, origin: SITE },
    );
    const body = (await res.json()) as { listings: Array<{ slug: string }> };
    expect(body.listings.map((l) => l.slug)).toEqual([slug]);
    const none = await staffPost(
      { action: 'search', query: 'quokka', status: 'verified' },
      { cookie, origin: SITE },
    );
    expect(((await none.json()) as { listings: unknown[] }).listings).toEqual([]);
  });

  it('lets a member add and remove another, audited with their address; the last one stays', async () => {
    const cookie = await signIn('ada@example.org');
    const add = await staffPost({ action: 'staff-add', email: 'Dee@Example.org' }, { cookie, origin: SITE });
    expect(add.status).toBe(200);
    expect(((await add.json()) as { staff: Array<{ email: string }> }).staff.map((m) => m.email)).toContain(
      'dee@example.org',
    );
    const remove = await staffPost(
      { action: 'staff-remove', email: 'dee@example.org' },
      { cookie, origin: SITE },
    );
    expect(((await remove.json()) as { message: string }).message).toBe(
      'dee@example.org is no longer staff (signed out)',
    );
    const audit = await sql.query<{ actor: string; action: string; v: string }>(
      `select actor, action, coalesce(new_value, old_value) as v from public.staff_audit_log
       where action like 'staff-%' and coalesce(new_value, old_value) = 'dee@example.org' order by id`,
    );
    expect(audit).toEqual([
      { actor: 'ada@example.org', action: 'staff-add', v: 'dee@example.org' },
      { actor: 'ada@example.org', action: 'staff-remove', v: 'dee@example.org' },
    ]);
    await staffPost({ action: 'staff-remove', email: 'bo@example.org' }, { cookie, origin: SITE });
    const last = await staffPost(
      { action: 'staff-remove', email: 'ada@example.org' },
      { cookie, origin: SITE },
    );
    expect(last.status).toBe(400);
    expect(((await last.json()) as { error: string }).error).toContain(
      'The last staff member cannot be removed',
    );
    await sql.exec(`insert into public.staff_members (email, added_by) values ('bo@example.org', 'test')`);
  });

  it('says when a rebuild was last requested and whether one is pending', async () => {
    const cookie = await signIn('ada@example.org');
    const res = await staffPost({ action: 'rebuild-status' }, { cookie, origin: SITE });
    expect(res.status).toBe(200);
    const { rebuildState } = (await res.json()) as {
      rebuildState: { pending: boolean; lastRequestedAt: string | null };
    };
    const [row] = await sql.query<{ pending: boolean }>('select pending from public.staff_rebuild_state');
    expect(rebuildState.pending).toBe(row?.pending);
  });
});
