/** Saved-search alerts (docs/saved-searches.md): the form, its links, and the check after a publish, on PGlite. */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { sqlAlertStore } from '../../src/data/alert-sql';
import type { AlertStore } from '../../src/data/alert-store';
import type { Sql } from '../../src/data/sql';
import { sqlStaffStore } from '../../src/data/staff-sql';
import type { StaffStore } from '../../src/data/staff-store';
import type { Store } from '../../src/data/store';
import {
  ALERT_CHECK_INBOX,
  createAlertHandler,
  createAlertLinkHandler,
} from '../../src/server/alerts/handlers';
import { type AlertRunDeps, checkAlerts, runAlerts, sendDigests } from '../../src/server/alerts/run';
import { slidingWindowLimiter } from '../../src/server/rate-limit';
import { runStaffAction } from '../../src/server/staff/actions';
import { newListing } from '../db/fixtures';
import { memoryTransport, postJson, testDatabase, testDeps } from './support';

const SITE = 'https://glamping.test';
const transport = memoryTransport();
let sql: Sql;
let store: Store;
let alerts: AlertStore;
let staff: StaffStore;
let create: ReturnType<typeof createAlertHandler>;
let links: ReturnType<typeof createAlertLinkHandler>;

beforeEach(async () => {
  ({ sql, store } = await testDatabase());
  alerts = sqlAlertStore(sql);
  staff = sqlStaffStore(sql);
  transport.sent.length = 0;
  create = createAlertHandler({ ...testDeps(store, transport), alerts: async () => alerts, siteUrl: SITE });
  links = createAlertLinkHandler(
    () => ({ alerts: async () => alerts, log: () => {} }),
    slidingWindowLimiter({ limit: 1000, windowMs: 60_000 }),
  );
});
afterAll(() => sql?.close());

const COLORADO_YURTS = 'state=Colorado&type=Yurts';
const local = (url: string) => url.replace(SITE, 'http://localhost');
const linkIn = (text: string, path: string) =>
  text.match(new RegExp(`https://glamping\\.test${path}\\?token=[0-9a-f-]+`))?.[0] ?? '';

/** Saves a search and opens its confirmation link; returns the confirmation e-mail's links. */
async function saveAndConfirm(email: string, query = COLORADO_YURTS, frequency = 'instant') {
  const res = await create(postJson('/api/alerts', { email, frequency, query }));
  expect(res.status).toBe(202);
  const mail = transport.sent.at(-1)!;
  const confirm = linkIn(mail.text, '/api/alerts/confirm');
  const opened = await links(new Request(local(confirm)));
  expect(opened.headers.get('location')).toBe('/alerts/confirmed');
  return {
    unsubscribe: linkIn(mail.text, '/api/alerts/unsubscribe'),
    manage: linkIn(mail.text, '/alerts/manage'),
  };
}

/** A pending listing staff then verify (a verification queues it for the alert check). */
async function publish(name: string, over: Parameters<typeof newListing>[0] = {}) {
  const slug = `${name.toLowerCase().replace(/\W+/g, '-')}`;
  await store.submitListing(
    newListing({ slug, property_name: name, ...over }),
    {
      owner_name: 'Olive',
      email: 'olive@example.com',
    },
    [],
  );
  await runStaffAction(staff, { action: 'verify', id: slug }, 'ada@staff');
  return slug;
}
const inColorado = {
  state: 'Colorado' as const,
  city: 'Salida',
  zip_code: '81201',
  latitude: 38.53,
  longitude: -106,
};

const runDeps = (over: Partial<AlertRunDeps> = {}): AlertRunDeps => ({
  alerts,
  outbox: store,
  transport,
  email: { from: 'Directory <hello@test.local>', staff: 'staff@test.local' },
  siteUrl: SITE,
  isServed: async () => true,
  log: () => {},
  ...over,
});
const alertMails = () => transport.sent.filter((m) => !/confirm your/i.test(m.subject));

describe('saving a search', () => {
  it('is pending until its e-mailed link is opened; the e-mail has one-click unsubscribe and the manage link', async () => {
    const res = await create(
      postJson('/api/alerts', { email: 'Tess@Example.com', frequency: 'instant', query: COLORADO_YURTS }),
    );
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ message: ALERT_CHECK_INBOX });
    const mail = transport.sent.at(-1)!;
    expect(mail.to).toBe('Tess@Example.com');
    expect(mail.text).toContain('Yurts in Colorado');
    const unsubscribe = linkIn(mail.text, '/api/alerts/unsubscribe');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const [row] = await sql.query<{ status: string; query: string }>(
      'select status, query from public.saved_searches',
    );
    expect(row).toEqual({ status: 'pending', query: COLORADO_YURTS });
    await links(new Request(local(linkIn(mail.text, '/api/alerts/confirm'))));
    const [after] = await sql.query<{ status: string }>('select status from public.saved_searches');
    expect(after!.status).toBe('active');
  });

  it('answers a clear 400 for a search without filters, a Near Me search, a bad address or frequency', async () => {
    const post = (body: object) =>
      create(postJson('/api/alerts', { email: 'a@example.com', frequency: 'instant', ...body }));
    const none = await post({ query: 'view=map&sort=name' });
    expect(none.status).toBe(400);
    expect(((await none.json()) as { fields: Record<string, string> }).fields.query).toMatch(
      /at least one filter/,
    );
    const nearMe = await post({ query: 'search=Near+Me' });
    expect(((await nearMe.json()) as { error: string }).error).toMatch(/Near Me/);
    const bad = await create(
      postJson('/api/alerts', { email: 'nope', frequency: 'hourly', query: COLORADO_YURTS }),
    );
    const fields = ((await bad.json()) as { fields: Record<string, string> }).fields;
    expect(Object.keys(fields).sort()).toEqual(['email', 'frequency']);
    expect(transport.sent).toEqual([]);
  });

  it('keeps at most 10 alerts per address, and saving the same active search again sends nothing', async () => {
    await saveAndConfirm('max@example.com');
    const sent = transport.sent.length;
    expect(
      (
        await create(
          postJson('/api/alerts', { email: 'MAX@example.com', frequency: 'instant', query: COLORADO_YURTS }),
        )
      ).status,
    ).toBe(202);
    expect(transport.sent.length).toBe(sent);
    const states = ['Utah', 'Oregon', 'Texas', 'Maine', 'Ohio', 'Iowa', 'Idaho', 'Nevada', 'Vermont'];
    for (const s of states) {
      expect(
        (
          await create(
            postJson('/api/alerts', { email: 'max@example.com', frequency: 'weekly', query: `state=${s}` }),
          )
        ).status,
      ).toBe(202);
    }
    const eleventh = await create(
      postJson('/api/alerts', { email: 'max@example.com', frequency: 'weekly', query: 'state=Alaska' }),
    );
    expect(eleventh.status).toBe(400);
    expect(((await eleventh.json()) as { error: string }).error).toMatch(/10 saved searches already/);
  });
});

describe('the check after a publish', () => {
  it('e-mails a matching new listing once, with name, place, type, price and link; a non-matching one sends nothing', async () => {
    await saveAndConfirm('tess@example.com');
    await publish('Aspen Yurt Camp', { ...inColorado, price_range: 'Mid-Range' });
    await publish('Desert Cabins', { accommodation_type: 'Cabins' });
    const report = await runAlerts(runDeps());
    expect(report).toEqual({ checked: 2, emails: 1, digests: 0 });
    const [mail] = alertMails();
    expect(mail!.to).toBe('tess@example.com');
    expect(mail!.subject).toBe('A new listing for Yurts in Colorado');
    expect(mail!.text).toContain('Aspen Yurt Camp\nSalida, Colorado\nYurts · Mid-Range ($100-200)');
    expect(mail!.text).toContain(`${SITE}/listings/aspen-yurt-camp`);
    expect(mail!.text).not.toContain('Desert Cabins');
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // A second run, and the same listing unpublished and verified again: nothing more.
    expect(await checkAlerts(runDeps())).toEqual({ checked: 0, emails: 0 });
    await runStaffAction(
      staff,
      { action: 'reject', id: 'aspen-yurt-camp', reason: 'Checking the photos again' },
      'ada@staff',
    );
    await runStaffAction(staff, { action: 'verify', id: 'aspen-yurt-camp' }, 'ada@staff');
    expect(await checkAlerts(runDeps())).toEqual({ checked: 1, emails: 0 });
    expect(alertMails()).toHaveLength(1);
  });

  it('waits for the listing page to be served before it checks', async () => {
    await saveAndConfirm('tess@example.com');
    await publish('Aspen Yurt Camp', inColorado);
    expect(await checkAlerts(runDeps({ isServed: async () => false }))).toEqual({ checked: 0, emails: 0 });
    expect(await checkAlerts(runDeps())).toEqual({ checked: 1, emails: 1 });
  });

  it('a check that stops half way commits nothing, and the next one sends each alert one copy', async () => {
    await saveAndConfirm('one@example.com');
    await saveAndConfirm('two@example.com');
    await publish('Aspen Yurt Camp', inColorado);
    let queued = 0;
    const crashing: AlertStore = {
      ...alerts,
      checkAlerts: (ids, fn) =>
        alerts.checkAlerts(ids, (check) =>
          fn({
            ...check,
            record: check.record,
            async enqueue(mail, related) {
              queued += 1;
              if (queued === 2) throw new Error('process killed');
              await check.enqueue(mail, related);
            },
          }),
        ),
    };
    await expect(checkAlerts(runDeps({ alerts: crashing }))).rejects.toThrow('process killed');
    expect(alertMails()).toEqual([]);
    const [n] = await sql.query<{ n: number }>('select count(*)::int as n from public.saved_search_matches');
    expect(n!.n).toBe(0);
    expect(await checkAlerts(runDeps())).toEqual({ checked: 1, emails: 2 });
    expect(
      alertMails()
        .map((m) => m.to)
        .sort(),
    ).toEqual(['one@example.com', 'two@example.com']);
    expect(await checkAlerts(runDeps())).toEqual({ checked: 0, emails: 0 });
  });

  it('a failed send stays in the outbox for its retry', async () => {
    await saveAndConfirm('tess@example.com');
    await publish('Aspen Yurt Camp', inColorado);
    transport.failing = true;
    await checkAlerts(runDeps());
    transport.failing = false;
    const rows = await sql.query<{ kind: string; attempts: number; sent_at: string | null }>(
      `select kind, attempts, sent_at from public.email_outbox where kind = 'alert_matches'`,
    );
    expect(rows).toEqual([{ kind: 'alert_matches', attempts: 1, sent_at: null }]);
  });

  it('a weekly alert records matches and sends one digest a week', async () => {
    await saveAndConfirm('week@example.com', COLORADO_YURTS, 'weekly');
    await publish('Aspen Yurt Camp', inColorado);
    await publish('Pine Yurts', { ...inColorado, city: 'Buena Vista' });
    expect(await checkAlerts(runDeps())).toEqual({ checked: 2, emails: 0 });
    expect(await sendDigests(runDeps())).toBe(0);
    const later = new Date(Date.now() + 8 * 24 * 3600 * 1000);
    expect(await sendDigests(runDeps(), later)).toBe(1);
    const [digest] = alertMails();
    expect(digest!.subject).toBe('This week: 2 new listings for Yurts in Colorado');
    expect(digest!.text).toContain('Pine Yurts');
    expect(await sendDigests(runDeps(), later)).toBe(0);
  });

  it('one-click unsubscribe (POST) stops the alert; paused alerts get nothing; manage lists and deletes', async () => {
    const first = await saveAndConfirm('tess@example.com');
    await saveAndConfirm('tess@example.com', 'state=Colorado');
    const listed = await links(
      new Request(local(first.manage.replace('/alerts/manage', '/api/alerts/manage'))),
    );
    const { alerts: mine } = (await listed.json()) as {
      alerts: Array<{ id: string; label: string; status: string }>;
    };
    expect(mine.map((a) => [a.label, a.status])).toEqual([
      ['Yurts in Colorado', 'active'],
      ['Glamping in Colorado', 'active'],
    ]);
    const token = new URL(first.manage).searchParams.get('token');
    const paused = await links(postJson('/api/alerts/manage', { token, id: mine[1]!.id, action: 'pause' }));
    expect(((await paused.json()) as { alerts: Array<{ status: string }> }).alerts[1]!.status).toBe('paused');
    const oneClick = await links(
      new Request(local(first.unsubscribe), { method: 'POST', body: 'List-Unsubscribe=One-Click' }),
    );
    expect(oneClick.status).toBe(200);
    await publish('Aspen Yurt Camp', inColorado);
    expect(await checkAlerts(runDeps())).toEqual({ checked: 1, emails: 0 });
    const stranger = await links(
      postJson('/api/alerts/manage', { token: crypto.randomUUID(), id: mine[1]!.id, action: 'delete' }),
    );
    expect(stranger.status).toBe(404);
    const gone = await links(postJson('/api/alerts/manage', { token, id: mine[1]!.id, action: 'delete' }));
    expect(gone.status).toBe(200);
    expect(await sql.query('select id from public.saved_searches')).toEqual([]);
  });

  it('a distance search measures from the place settled when it was saved', async () => {
    await saveAndConfirm('near@example.com', 'search=81201&radius=25');
    await publish('Aspen Yurt Camp', inColorado);
    await publish('Far Yurts', {
      state: 'Colorado',
      city: 'Durango',
      zip_code: '81301',
      latitude: 37.27,
      longitude: -107.88,
    });
    expect(await checkAlerts(runDeps())).toEqual({ checked: 2, emails: 1 });
    expect(alertMails()[0]!.text).toContain('Aspen Yurt Camp');
    expect(alertMails()[0]!.text).not.toContain('Far Yurts');
  });
});
