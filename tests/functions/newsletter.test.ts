import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sql } from '../../src/data/sql';
import { sqlStaffStore } from '../../src/data/staff-sql';
import type { StaffStore } from '../../src/data/staff-store';
import type { Store } from '../../src/data/store';
import { afterResponseSettled } from '../../src/server/after-response';
import {
  CHECK_YOUR_INBOX,
  createNewsletterLinkHandler,
  createSubscribeHandler,
} from '../../src/server/newsletter';
import { slidingWindowLimiter } from '../../src/server/rate-limit';
import { runStaffAction } from '../../src/server/staff/actions';
import { count, memoryTransport, postJson, testDatabase, testDeps } from './support';

let sql: Sql;
let store: Store;
let staff: StaffStore;
const transport = memoryTransport();
const SITE = 'https://glamping.test';
let subscribe: ReturnType<typeof createSubscribeHandler>;
let links: ReturnType<typeof createNewsletterLinkHandler>;

beforeEach(async () => {
  ({ sql, store } = await testDatabase());
  staff = sqlStaffStore(sql);
  transport.sent.length = 0;
  const handler = createSubscribeHandler({ ...testDeps(store, transport), siteUrl: SITE });
  // The confirmation is sent after the answer (src/server/after-response.ts): wait for it, as a reader would.
  subscribe = async (req) => {
    const res = await handler(req);
    await afterResponseSettled();
    return res;
  };
  links = createNewsletterLinkHandler(
    () => ({ store: async () => store, log: () => {} }),
    slidingWindowLimiter({ limit: 1000, windowMs: 60_000 }),
  );
});
afterAll(() => sql?.close());

const status = async (email: string) =>
  (
    await sql.query<{ status: string }>(
      'select status from public.newsletter_subscribers where lower(email) = lower($1)',
      [email],
    )
  )[0]?.status;

/** The confirmation and unsubscribe links of the last e-mail sent. */
function lastLinks() {
  const mail = transport.sent.at(-1)!;
  const confirm = mail.text.match(/https:\/\/glamping\.test\/api\/newsletter\/confirm\?token=[0-9a-f-]+/)![0];
  const unsubscribe = mail.text.match(
    /https:\/\/glamping\.test\/api\/newsletter\/unsubscribe\?token=[0-9a-f-]+/,
  )![0];
  return { mail, confirm, unsubscribe };
}
const local = (url: string) => url.replace(SITE, 'http://localhost');

describe('newsletter: double opt-in', () => {
  it('is pending until the e-mailed link is opened, then confirmed and exported', async () => {
    const res = await subscribe(postJson('/api/newsletter', { email: ' Walker@Example.com ' }));
    expect(res.status).toBe(202);
    expect(((await res.json()) as { message: string }).message).toBe(CHECK_YOUR_INBOX);
    expect(await status('walker@example.com')).toBe('pending');
    expect(await staff.confirmedSubscribers()).toEqual([]);

    const { mail, confirm, unsubscribe } = lastLinks();
    expect(mail.to).toBe('Walker@Example.com');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    const opened = await links(new Request(local(confirm)));
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('/newsletter/confirmed');
    expect(await status('walker@example.com')).toBe('confirmed');
    const exported = await staff.confirmedSubscribers();
    expect(exported.map((s) => s.email)).toEqual(['Walker@Example.com']);
    expect(exported[0]!.confirmed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // The staff export (npm run staff -- newsletter-export, or the staff function): confirmed addresses only.
    await subscribe(postJson('/api/newsletter', { email: 'pending@example.com' }));
    const result = await runStaffAction(staff, { action: 'newsletter-export' }, 'dana');
    expect(result.message).toBe('1 confirmed subscriber(s)');
    expect(result.csv?.trim().split('\n')).toEqual([
      'email,confirmed_at',
      `Walker@Example.com,${exported[0]!.confirmed_at}`,
    ]);
  });

  it('ends with one click on the link (GET) or on the mail client button (POST, RFC 8058)', async () => {
    for (const [email, method] of [
      ['one@example.com', 'GET'],
      ['two@example.com', 'POST'],
    ] as const) {
      await subscribe(postJson('/api/newsletter', { email }));
      const { confirm, unsubscribe } = lastLinks();
      await links(new Request(local(confirm)));
      const res = await links(
        new Request(local(unsubscribe), {
          method,
          ...(method === 'POST'
            ? {
                body: 'List-Unsubscribe=One-Click',
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
              }
            : {}),
        }),
      );
      expect(res.status, method).toBe(method === 'GET' ? 303 : 200);
      expect(await status(email), method).toBe('unsubscribed');
    }
    expect(await staff.confirmedSubscribers()).toEqual([]);
  });

  it('says the same to an address that is subscribed already, and e-mails it nothing', async () => {
    await subscribe(postJson('/api/newsletter', { email: 'kept@example.com' }));
    await links(new Request(local(lastLinks().confirm)));
    const before = await count(sql, 'email_outbox');
    const again = await subscribe(postJson('/api/newsletter', { email: 'KEPT@example.com' }));
    expect(again.status).toBe(202);
    expect(((await again.json()) as { message: string }).message).toBe(CHECK_YOUR_INBOX);
    expect(await count(sql, 'email_outbox')).toBe(before);
    expect(await count(sql, 'newsletter_subscribers')).toBe(1);
  });

  it('a second sign-up while pending sends a link that works, and the first link still works', async () => {
    await subscribe(postJson('/api/newsletter', { email: 'twice@example.com' }));
    const first = lastLinks().confirm;
    await subscribe(postJson('/api/newsletter', { email: 'twice@example.com' }));
    expect(lastLinks().confirm).toBe(first);
    expect((await links(new Request(local(first)))).status).toBe(303);
    expect(await status('twice@example.com')).toBe('confirmed');
  });

  it('answers bad input with a 4xx and a reason', async () => {
    const bad = await subscribe(postJson('/api/newsletter', { email: 'not-an-address' }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields.email).toBeTruthy();
    const cut = await links(new Request('http://localhost/api/newsletter/confirm?token=12'));
    expect(cut.status).toBe(400);
    const unknown = await links(
      new Request(`http://localhost/api/newsletter/unsubscribe?token=${crypto.randomUUID()}`),
    );
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: string }).error).toMatch(/unknown/);
    expect(await count(sql, 'newsletter_subscribers')).toBe(0);
  });

  it('answers an array or an object where an address is expected with a field message, never taking it as text', async () => {
    for (const email of [['a@b.cd'], { address: 'a@b.cd' }, [['a@b.cd']]]) {
      const res = await subscribe(postJson('/api/newsletter', { email }));
      expect(res.status, JSON.stringify(email)).toBe(400);
      const { fields } = (await res.json()) as { fields: Record<string, string> };
      expect(fields.email, JSON.stringify(email)).toMatch(/\w/);
    }
    expect(await count(sql, 'newsletter_subscribers')).toBe(0);
  });

  it('is rate-limited like the other forms', async () => {
    const limited = createSubscribeHandler({
      ...testDeps(store, transport, { rateLimit: slidingWindowLimiter({ limit: 2, windowMs: 60_000 }) }),
      siteUrl: SITE,
    });
    const post = () =>
      limited(postJson('/api/newsletter', { email: 'fast@example.com' }), { ip: '203.0.113.9' });
    expect((await post()).status).toBe(202);
    expect((await post()).status).toBe(202);
    const over = await post();
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBeTruthy();
  });

  it('keeps addresses private: the public roles cannot read them', async () => {
    await subscribe(postJson('/api/newsletter', { email: 'private@example.com' }));
    await expect(
      sql.transaction((tx) => tx.query('select email from public.newsletter_subscribers'), 'anon'),
    ).rejects.toThrow(/permission denied/);
  });
});
