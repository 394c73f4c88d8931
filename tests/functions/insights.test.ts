/** Insights over HTTP (D35): counting, the owner's figures, the badge and the console's section, as a client sees them. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import authHandler from '../../netlify/functions/auth';
import badgeHandler from '../../netlify/functions/badge';
import eventsHandler from '../../netlify/functions/events';
import optOutHandler from '../../netlify/functions/insights-opt-out';
import ownerInsightsHandler from '../../netlify/functions/owner-insights';
import staffHandler from '../../netlify/functions/staff';
import { migrate } from '../../scripts/lib/migrate';
import { insertListings } from '../../scripts/lib/seed';
import { enableEmbeddedDatabase } from '../../src/data/embedded';
import { openSql } from '../../src/data/open';
import type { Sql } from '../../src/data/sql';
import type { OwnerListingInsights, SiteInsights } from '../../src/domain/insights-figures';
import { listingRow } from '../db/fixtures';
import { postJson, signInLinks } from './support';

const SITE = 'http://localhost';
/** Links in pages and e-mails come from the configuration (locally the server's own address), never the request. */
const LINKS = 'http://localhost:4321';
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
let work: string;
let sql: Sql;
const verified = listingRow({
  slug: 'aspen-yurts-moab-utah',
  property_name: 'Aspen Yurts',
  verified_at: '2026-03-14T10:00:00Z',
});
const hidden = listingRow({
  slug: 'secret-domes-moab-utah',
  property_name: 'Secret Domes',
  verification_status: 'pending',
  verified_at: null,
});

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'insights-fn-'));
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
  process.env.PHOTOS_DIR = join(work, 'photos');
  process.env.STAFF_EMAILS = 'ada@example.org';
  process.env.STAFF_EMAIL = 'inbox@staff.example';
  enableEmbeddedDatabase();
  sql = await openSql({ kind: 'pglite', dataDir: process.env.PGLITE_DIR });
  await migrate(sql);
  await insertListings(sql, [verified, hidden]);
  await sql.query(
    `insert into public.listing_owner_contacts (listing_id, owner_name, email) values ($1, 'Olive', 'olive@example.com')`,
    [verified.id],
  );
});
afterAll(async () => {
  await sql?.close();
  await rm(work, { recursive: true, force: true });
});

let client = 0;
const send = (body: unknown, headers: Record<string, string> = {}) => {
  client += 1;
  return eventsHandler(postJson('/api/events', body, { 'user-agent': BROWSER, ...headers }), {
    ip: `192.0.2.${client}`,
  });
};
const views = async (kind = 'view') => {
  const [row] = await sql.query<{ n: number }>(
    `select coalesce(sum(n), 0)::int as n from public.listing_event_counts where listing_id = $1 and kind = $2`,
    [verified.id, kind],
  );
  return row?.n ?? 0;
};

describe('POST /api/events', () => {
  it('counts an event of a published listing and answers 204 with no body', async () => {
    const before = await views();
    const res = await send({ kind: 'view', listing: verified.slug });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(await views()).toBe(before + 1);
  });

  it('200 requests at once are each answered 204 once their count is stored, every one counted', async () => {
    const before = await views('dialog');
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => send({ kind: 'dialog', listing: verified.slug })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(200).fill(204));
    // Answered only once stored: the counts are there the moment the last answer is.
    expect(await views('dialog')).toBe(before + 200);
  });

  it('does not count a request with DNT or Sec-GPC, from a bot, or without a user agent, and says 204 all the same', async () => {
    const before = await views();
    const answers = [
      await send({ kind: 'view', listing: verified.slug }, { dnt: '1' }),
      await send({ kind: 'view', listing: verified.slug }, { 'sec-gpc': '1' }),
      await send(
        { kind: 'view', listing: verified.slug },
        { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' },
      ),
      await send(
        { kind: 'view', listing: verified.slug },
        { 'user-agent': 'Mozilla/5.0 HeadlessChrome/140.0' },
      ),
      await send({ kind: 'view', listing: verified.slug }, { 'user-agent': '' }),
    ];
    expect(answers.map((a) => a.status)).toEqual([204, 204, 204, 204, 204]);
    expect(await views()).toBe(before);
  });

  it('ignores unknown listings and kinds with 204, and a listing that is not public', async () => {
    for (const body of [
      { kind: 'view', listing: 'no-such-place' },
      { kind: 'view', listing: hidden.slug },
      { kind: 'teleport', listing: verified.slug },
      { kind: 'view' },
    ])
      expect((await send(body)).status, JSON.stringify(body)).toBe(204);
    const [row] = await sql.query<{ n: number }>(
      'select count(*)::int as n from public.listing_event_counts where listing_id = $1',
      [hidden.id],
    );
    expect(row?.n).toBe(0);
  });

  it('refuses what is not an event with a reason: 400, 405, 413, 415', async () => {
    const bad = await send([1, 2]);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/JSON object/);
    const shape = await send({ kind: 42 });
    expect(shape.status).toBe(400);
    expect(((await shape.json()) as { error: string }).error).toMatch(/Not an event/);
    expect(
      (await eventsHandler(new Request(`${SITE}/api/events`, { headers: { 'user-agent': BROWSER } }), {}))
        .status,
    ).toBe(405);
    expect((await send({ kind: 'text', query: 'x'.repeat(5000) })).status).toBe(413);
    const text = await eventsHandler(
      new Request(`${SITE}/api/events`, {
        method: 'POST',
        body: 'kind=view',
        headers: { 'user-agent': BROWSER },
      }),
      {},
    );
    expect(text.status).toBe(415);
  });
});

describe('GET /badge/<slug>.svg', () => {
  it('is an SVG naming the verification month, cacheable, with nothing that loads or runs', async () => {
    const res = await badgeHandler(new Request(`${SITE}/badge/${verified.slug}.svg`), {});
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const body = await res.text();
    expect(body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>.*<\/svg>$/);
    expect(body).toContain('Verified on Glamping Directory USA, March 2026');
    expect(body).not.toMatch(/<script|href=|url\(/i);
    const again = await badgeHandler(
      new Request(`${SITE}/badge/${verified.slug}.svg`, {
        headers: { 'if-none-match': res.headers.get('etag') ?? '' },
      }),
      {},
    );
    expect(again.status).toBe(304);
  });

  it('reveals nothing of a listing that is not public, nor of a slug of nothing', async () => {
    for (const path of [`/badge/${hidden.slug}.svg`, '/badge/no-such-place.svg', '/badge/../x.svg']) {
      const res = await badgeHandler(new Request(`${SITE}${path}`), {});
      expect(res.status, path).toBe(404);
      const body = await res.text();
      expect(body).toContain('Glamping Directory USA');
      expect(body).not.toMatch(/Secret|Verified|[A-Z][a-z]+ 20\d\d/);
    }
  });
});

async function signIn(email: string): Promise<string> {
  const asked = await authHandler(
    postJson('/api/auth/sign-in', { email }, { 'x-forwarded-for': '198.51.100.7', origin: SITE }),
    {},
  );
  expect(asked.status).toBe(202);
  const token = (await signInLinks(join(work, 'outbox'), email)).at(-1);
  const res = await authHandler(postJson('/api/auth/confirm', { token }, { origin: SITE }), {});
  expect(res.status).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

describe('the owner and staff figures', () => {
  it('an owner sees their listing’s figures, standing and badge; without a session, 401', async () => {
    expect((await ownerInsightsHandler(new Request(`${SITE}/api/owner/insights`), {})).status).toBe(401);
    const before = await views('call');
    await send({ kind: 'call', listing: verified.slug });
    const cookie = await signIn('olive@example.com');
    const res = await ownerInsightsHandler(
      new Request(`${SITE}/api/owner/insights`, { headers: { cookie } }),
      {},
    );
    expect(res.status).toBe(200);
    const { listings } = (await res.json()) as { listings: OwnerListingInsights[] };
    expect(listings.map((l) => l.slug)).toEqual([verified.slug]);
    const [month] = listings[0]?.periods ?? [];
    expect(month?.days).toBe(30);
    expect(month?.series).toHaveLength(30);
    expect(month?.figures.find((f) => f.kind === 'call')).toMatchObject({
      total: before + 1,
      previous: 0,
      change: 'new',
      median: null,
    });
    expect(listings[0]).toMatchObject({ verified_at: '2026-03-14T10:00:00Z', open_reports: 0, rating: null });
    expect(listings[0]?.badge?.snippet).toBe(
      `<a href="${LINKS}/listings/${verified.slug}"><img src="${LINKS}/badge/${verified.slug}.svg" alt="Verified on Glamping Directory USA, March 2026" width="${Math.ceil('Verified on Glamping Directory USA, March 2026'.length * 6.6) + 40}" height="28"></a>`,
    );
  });

  it('staff see the site’s figures and the searches with no result, and get them as CSV', async () => {
    await send({ kind: 'text', query: '=cmd|bora bora' });
    await send({ kind: 'place', query: '99603', radius: 25 });
    const cookie = await signIn('ada@example.org');
    const staff = (body: unknown) => staffHandler(postJson('/api/staff', body, { origin: SITE, cookie }), {});
    const res = await staff({ action: 'insights' });
    expect(res.status).toBe(200);
    const { insights } = (await res.json()) as { insights: SiteInsights };
    expect(insights.mostViewed[0]).toMatchObject({ slug: verified.slug });
    expect(insights.misses).toEqual([
      { kind: 'place', query: '99603', radius: 25, n: 1, link: '/browse?near=99603&radius=25' },
      { kind: 'text', query: '=cmd|bora bora', radius: 0, n: 1, link: '/browse?search=%3Dcmd%7Cbora+bora' },
    ]);
    expect(insights.days.at(-1)?.views).toBeGreaterThan(0);
    const csv = (await (await staff({ action: 'insights-csv' })).json()) as { csv: string };
    expect(csv.csv.split('\n')[0]).toBe('section,day,name,detail,count,link');
    expect(csv.csv).toContain("search without results,,'=cmd|bora bora,,1,");
    expect((await staff({ action: 'insights', month: '2026-13' })).status).toBe(400);
  });
});

describe('the monthly figures e-mail', () => {
  it('goes once per owner and month with last month’s figures, and one click stops it without signing in', async () => {
    await sql.query(
      `insert into public.listing_event_counts values ($1, '2026-10-03', 'view', 41), ($1, '2026-10-09', 'call', 3)`,
      [verified.id],
    );
    const cookie = await signIn('ada@example.org');
    const staff = (body: unknown) => staffHandler(postJson('/api/staff', body, { origin: SITE, cookie }), {});
    const run = async () =>
      (
        (await (await staff({ action: 'insights-monthly', now: '2026-11-02T09:00:00Z' })).json()) as {
          message: string;
        }
      ).message;
    expect(await run()).toBe('1 monthly figures e-mail(s) queued');
    expect(await run()).toBe('0 monthly figures e-mail(s) queued');
    const [mail] = await sql.query<{ subject: string; text_body: string; headers: Record<string, string> }>(
      `select subject, text_body, headers from public.email_outbox where kind = 'insights_monthly'`,
    );
    expect(mail?.subject).toBe("Your listing's figures for October 2026");
    expect(mail?.text_body).toContain('Page views: 41');
    expect(mail?.text_body).toContain('Calls: 3');
    expect(mail?.text_body).toContain(
      `Still accurate? If anything changed, update it: ${LINKS}/owner?edit=${verified.slug}`,
    );
    const link = /http:\/\/localhost:4321(\/api\/insights\/opt-out\?token=[A-Za-z0-9_-]{43})/.exec(
      mail?.text_body ?? '',
    )?.[1];
    expect(mail?.headers['List-Unsubscribe']).toBe(`<${LINKS}${link}>`);
    const opened = await optOutHandler(new Request(`${SITE}${link}`), { ip: '192.0.2.200' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('/owner/figures-stopped');
    // The mail client's one-click button works with the same link, again.
    expect(
      (await optOutHandler(new Request(`${SITE}${link}`, { method: 'POST' }), { ip: '192.0.2.200' })).status,
    ).toBe(200);
    expect(
      (await optOutHandler(new Request(`${SITE}/api/insights/opt-out?token=nope`), { ip: '192.0.2.200' }))
        .status,
    ).toBe(400);
    expect(
      (
        await optOutHandler(new Request(`${SITE}/api/insights/opt-out?token=${'a'.repeat(43)}`), {
          ip: '192.0.2.200',
        })
      ).status,
    ).toBe(404);
    // Opted out: next month brings nothing.
    const next = await staff({ action: 'insights-monthly', now: '2026-12-02T09:00:00Z' });
    expect(((await next.json()) as { message: string }).message).toBe('0 monthly figures e-mail(s) queued');
  });
});
