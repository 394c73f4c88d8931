/** Reviews over HTTP: every field rule, the limits, and the one-time links (confirm, edit, withdraw). */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertListings } from '../../scripts/lib/seed';
import { sqlReviewStore } from '../../src/data/review-sql';
import type { Sql } from '../../src/data/sql';
import { sqlStaffStore } from '../../src/data/staff-sql';
import { newToken, tokenHash } from '../../src/server/auth/session';
import { slidingWindowLimiter } from '../../src/server/rate-limit';
import {
  BAD_LINK,
  createReviewHandler,
  REVIEW_LIMITS,
  type ReviewDeps,
  SENT_ANSWER,
  UNKNOWN_LISTING,
} from '../../src/server/reviews/endpoint';
import { listingRow } from '../db/fixtures';
import { count, postJson, testDatabase } from './support';

let sql: Sql;
const SLUG = 'juniper-yurts-moab-utah';
const OWNED = 'canyon-domes-moab-utah';
const delivered: string[] = [];
let rebuilds = 0;

beforeAll(async () => {
  ({ sql } = await testDatabase());
  const owned = listingRow({ slug: OWNED });
  await insertListings(sql, [listingRow({ slug: SLUG }), owned]);
  await sql.query(
    `insert into public.listing_owner_contacts (listing_id, owner_name, email) values ($1, 'Olga', 'olga@example.com')`,
    [owned.id],
  );
  await sql.query(`insert into public.staff_members (email, added_by) values ('staff@example.org', 'test')`);
});
afterAll(() => sql?.close());

// The handler closes its stores after each request; the test database stays open.
const kept = () => ({ ...sql, close: async () => {} });
const deps = (): ReviewDeps => ({
  openReviews: async () => sqlReviewStore(kept()),
  openStaff: async () => sqlStaffStore(kept()),
  siteUrl: null,
  deliver: async (id) => {
    delivered.push(id);
    return true;
  },
  rateLimit: slidingWindowLimiter({ limit: 1_000_000, windowMs: 60_000 }),
  writesRefused: null,
  localRebuild: () => {
    rebuilds += 1;
  },
  log: () => {},
});
const handler = createReviewHandler(deps);
let ip = 0;
const freshIp = () => `192.0.2.${++ip}`;
const post = (path: string, body: unknown, client = freshIp()) =>
  handler(postJson(path, body, { origin: 'http://localhost' }), { ip: client });

const month = (back: number) => {
  const d = new Date();
  const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1));
  return m.toISOString().slice(0, 7);
};
const BODY = 'We slept under the stars in a warm dome; the owners were kind and the showers were hot.';
const review = (over: Record<string, unknown> = {}) => ({
  listing: SLUG,
  rating: 4,
  title: 'Quiet nights',
  body: BODY,
  stayMonth: month(2),
  travelledWith: 'couple',
  displayName: 'Ann B.',
  email: 'ann@example.com',
  ...over,
});

/** The token of the newest review link e-mailed to an address (read from the outbox, as a writer reads it). */
async function linkFor(address: string): Promise<string> {
  const [row] = await sql.query<{ text_body: string }>(
    `select text_body from public.email_outbox where to_address = $1 and kind = 'review-link'
     order by created_at desc limit 1`,
    [address],
  );
  const token = /\/reviews\/link#([A-Za-z0-9_-]{43})/.exec(row?.text_body ?? '')?.[1];
  if (!token) throw new Error(`no review link for ${address}`);
  return token;
}
const statusOf = async (address: string) =>
  (
    await sql.query<{ status: string }>('select status from public.listing_reviews where email = $1', [
      address,
    ])
  )[0]?.status;

it('stores a new review unconfirmed and e-mails its writer a one-time link (202, the same answer for everyone)', async () => {
  const res = await post('/api/reviews', review());
  expect(res.status).toBe(202);
  expect(await res.json()).toEqual({ message: SENT_ANSWER });
  expect(await statusOf('ann@example.com')).toBe('unconfirmed');
  const token = await linkFor('ann@example.com');
  const [link] = await sql.query<{ token_hash: string }>('select token_hash from public.review_links');
  expect(link?.token_hash).toMatch(/^[0-9a-f]{64}$/);
  expect(link?.token_hash).not.toContain(token);
});

it('answers 400 with a message per field for every rule, and stores nothing', async () => {
  const before = await count(sql, 'listing_reviews');
  const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
    [{ rating: '' }, { rating: 'Please choose a rating from 1 to 5 stars' }],
    [{ rating: 6 }, { rating: 'Please choose a rating from 1 to 5 stars' }],
    [{ rating: 2.5 }, { rating: 'Please choose a rating from 1 to 5 stars' }],
    [{ body: '' }, { body: 'Please write your review' }],
    [{ body: 'Too short.' }, { body: 'Please write at least 50 characters' }],
    [{ body: 'x'.repeat(5001) }, { body: 'Please keep this under 5000 characters' }],
    [{ title: 't'.repeat(121) }, { title: 'Please keep this under 120 characters' }],
    [{ stayMonth: '' }, { stayMonth: 'Please choose the month and year of your stay' }],
    [{ stayMonth: '2026-13' }, { stayMonth: 'Please choose the month and year of your stay' }],
    [{ stayMonth: month(-1) }, { stayMonth: 'The stay cannot be in the future' }],
    [{ stayMonth: month(37) }, { stayMonth: 'Please review stays of the last 3 years only' }],
    [{ travelledWith: 'aliens' }, { travelledWith: 'Please choose an option from the list' }],
    [{ displayName: ' ' }, { displayName: 'Please enter the name to show with your review' }],
    [{ displayName: 'n'.repeat(61) }, { displayName: 'Please keep this under 60 characters' }],
    [{ email: '' }, { email: 'Please enter your email: we send you a link to confirm your review' }],
    [{ email: 'ann@' }, { email: 'Please enter a valid email' }],
    [{ listing: '../etc' }, { listing: 'Please write your review from a listing page' }],
    [{ listing: 'no-such-place' }, { listing: UNKNOWN_LISTING }],
  ];
  for (const [over, fields] of cases) {
    const res = await post('/api/reviews', review({ ...over, email: over.email ?? 'rules@example.com' }));
    expect(res.status, JSON.stringify(over)).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields).toMatchObject(fields);
  }
  expect(await count(sql, 'listing_reviews')).toBe(before);
});

it('accepts the edges: 50 and 5,000 characters, this month, 36 months back, no title nor travellers', async () => {
  for (const [i, over] of [
    { body: 'b'.repeat(50), stayMonth: month(0) },
    { body: 'c'.repeat(5000), stayMonth: month(36), title: '', travelledWith: '' },
  ].entries()) {
    const res = await post('/api/reviews', review({ ...over, email: `edge${i}@example.com` }));
    expect(res.status, JSON.stringify(over).slice(0, 80)).toBe(202);
  }
});

it('renders nothing of a filled honeypot: a decoy answer, no row', async () => {
  const before = await count(sql, 'listing_reviews');
  const res = await post(
    '/api/reviews',
    review({ company_website: 'http://spam', email: 'bot@example.com' }),
  );
  expect(res.status).toBe(202);
  expect(await count(sql, 'listing_reviews')).toBe(before);
});

it('tells an owner or staff address why by e-mail only; the page answer is the same as for anyone', async () => {
  for (const [address, slug, words] of [
    ['olga@example.com', OWNED, /owns or manages/],
    ['staff@example.org', SLUG, /staff/],
  ] as const) {
    const res = await post('/api/reviews', review({ listing: slug, email: address }));
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ message: SENT_ANSWER });
    const [mail] = await sql.query<{ text_body: string }>(
      `select text_body from public.email_outbox where to_address = $1 and kind = 'review-refused'`,
      [address],
    );
    expect(mail?.text_body).toMatch(words);
    expect(await statusOf(address)).toBeUndefined();
  }
  // The owner may review someone else's listing.
  expect((await post('/api/reviews', review({ email: 'olga@example.com' }))).status).toBe(202);
  expect(await statusOf('olga@example.com')).toBe('unconfirmed');
});

it('keeps one review per address and listing in 12 months', async () => {
  expect((await post('/api/reviews', review({ email: 'twice@example.com' }))).status).toBe(202);
  expect((await post('/api/reviews', review({ email: 'twice@example.com', rating: 1 }))).status).toBe(202);
  const rows = await sql.query('select 1 from public.listing_reviews where email = $1', [
    'twice@example.com',
  ]);
  expect(rows).toHaveLength(1);
  const [mail] = await sql.query<{ text_body: string }>(
    `select text_body from public.email_outbox where to_address = 'twice@example.com' and kind = 'review-refused'`,
  );
  expect(mail?.text_body).toMatch(/already reviewed/);
});

it(`answers 429 after ${REVIEW_LIMITS.perClient} reviews from one client in an hour, and per address`, async () => {
  const client = freshIp();
  for (let i = 0; i < REVIEW_LIMITS.perClient; i++)
    expect((await post('/api/reviews', review({ email: `flood${i}@example.com` }), client)).status).toBe(202);
  const limited = await post('/api/reviews', review({ email: 'flood-last@example.com' }), client);
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  for (let i = 0; i < REVIEW_LIMITS.perAddress; i++)
    await post('/api/reviews', review({ email: 'one@example.com', listing: OWNED }));
  expect((await post('/api/reviews', review({ email: 'one@example.com', listing: OWNED }))).status).toBe(429);
});

it('confirms once by the link: the review reaches moderation; a second use or a made-up token is refused', async () => {
  const token = await linkFor('ann@example.com');
  const peek = await post('/api/reviews/link', { token });
  expect(peek.status).toBe(200);
  expect(((await peek.json()) as { review: { purpose: string; body: string } }).review).toMatchObject({
    purpose: 'confirm',
    body: BODY,
  });
  expect((await post('/api/reviews/confirm', { token })).status).toBe(200);
  expect(await statusOf('ann@example.com')).toBe('pending');
  for (const bad of [token, 'x'.repeat(43), 'short', 42]) {
    const res = await post('/api/reviews/confirm', { token: bad });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(BAD_LINK);
  }
});

it('refuses a link request from another site (403) and a link used after it expired (400)', async () => {
  const res = await handler(
    postJson('/api/reviews/confirm', { token: 'y'.repeat(43) }, { origin: 'https://evil.example' }),
    {
      ip: freshIp(),
    },
  );
  expect(res.status).toBe(403);
  await post('/api/reviews', review({ email: 'late@example.com' }));
  const token = await linkFor('late@example.com');
  await sql.query(`update public.review_links set expires_at = now() - interval '1 second'`);
  expect((await post('/api/reviews/confirm', { token })).status).toBe(400);
  expect(await statusOf('late@example.com')).toBe('unconfirmed');
});

it('edits and withdraws through a new link; a published review that leaves asks for a rebuild', async () => {
  const ask = await post('/api/reviews/link-request', { listing: SLUG, email: 'ann@example.com' });
  expect(ask.status).toBe(202);
  const token = await linkFor('ann@example.com');
  // A link made to manage cannot confirm, and a bad edit is a field message that keeps the link alive.
  expect((await post('/api/reviews/confirm', { token })).status).toBe(400);
  const bad = await post('/api/reviews/edit', { token, ...review({ body: 'short' }) });
  expect(bad.status).toBe(400);
  expect(((await bad.json()) as { fields: Record<string, string> }).fields.body).toBe(
    'Please write at least 50 characters',
  );
  await sql.query(
    `update public.listing_reviews set status = 'published', published_at = now() where email = $1`,
    ['ann@example.com'],
  );
  const edited = await post('/api/reviews/edit', {
    token,
    ...review({ rating: 2, body: `${BODY} Edited.` }),
  });
  expect(edited.status).toBe(200);
  const [row] = await sql.query<{ rating: number; status: string }>(
    'select rating, status from public.listing_reviews where email = $1',
    ['ann@example.com'],
  );
  expect(row).toEqual({ rating: 2, status: 'pending' });
  expect(rebuilds).toBe(1);
  await post('/api/reviews/link-request', { listing: SLUG, email: 'ann@example.com' });
  expect((await post('/api/reviews/withdraw', { token: await linkFor('ann@example.com') })).status).toBe(200);
  expect(await statusOf('ann@example.com')).toBe('withdrawn');
});

it('answers a link request for an address without a review like any other (202, nothing sent)', async () => {
  const before = await count(sql, 'email_outbox');
  const res = await post('/api/reviews/link-request', { listing: SLUG, email: 'nobody@example.com' });
  expect(res.status).toBe(202);
  expect(await count(sql, 'email_outbox')).toBe(before);
});

it('lets the owner reply once per published review of their listing, through the queue; others get 401 or 403', async () => {
  const [owned] = await sql.query<{ id: string }>(
    'select id::text from public.glamping_listings where slug = $1',
    [OWNED],
  );
  const [review] = await sql.query<{ id: string }>(
    `insert into public.listing_reviews (listing_id, rating, body, stay_month, display_name, email, client_hash,
       status, published_at)
     values ($1, 2, $2, '2026-06-01', 'Cy', 'cy@example.com', $3, 'published', now()) returning id::text`,
    [owned?.id, BODY, 'd'.repeat(64)],
  );
  const session = async (email: string) => {
    const token = newToken();
    await sql.query(
      `insert into public.auth_sessions (token_hash, email, expires_at) values ($1, $2, now() + interval '1 hour')`,
      [tokenHash(token), email],
    );
    return { cookie: `glamping_session=${token}`, origin: 'http://localhost' };
  };
  const as = async (email: string | null, path: string, body?: unknown) => {
    const headers = email ? await session(email) : { origin: 'http://localhost' };
    const req =
      body === undefined
        ? new Request(`http://localhost${path}`, { headers })
        : postJson(path, body, headers);
    return handler(req, { ip: freshIp() });
  };
  const list = await as('olga@example.com', '/api/reviews/owner');
  expect(list.status).toBe(200);
  expect(((await list.json()) as { reviews: Array<{ id: string }> }).reviews.map((r) => r.id)).toEqual([
    review?.id,
  ]);
  // Asking who is there is no error: nobody signed in, or an account without listings, has no reviews to answer.
  for (const who of [null, 'ann@example.com']) {
    const nobody = await as(who, '/api/reviews/owner');
    expect(nobody.status).toBe(200);
    expect(await nobody.json()).toEqual({ reviews: [] });
  }
  expect((await as(null, '/api/reviews/reply', { review: review?.id, body: 'Hi' })).status).toBe(401);
  expect((await as('ann@example.com', '/api/reviews/reply', { review: review?.id, body: 'Hi' })).status).toBe(
    403,
  );
  const empty = await as('olga@example.com', '/api/reviews/reply', { review: review?.id, body: ' ' });
  expect(empty.status).toBe(400);
  expect(((await empty.json()) as { fields: Record<string, string> }).fields.body).toBe(
    'Please write your reply',
  );
  expect(
    (await as('olga@example.com', '/api/reviews/reply', { review: review?.id, body: 'Sorry to hear it.' }))
      .status,
  ).toBe(202);
  expect(
    (await as('olga@example.com', '/api/reviews/reply', { review: review?.id, body: 'Sorry: fixed now.' }))
      .status,
  ).toBe(202);
  const replies = await sql.query(
    'select body, proposed_body from public.review_replies where review_id = $1',
    [review?.id],
  );
  expect(replies).toEqual([{ body: null, proposed_body: 'Sorry: fixed now.' }]);
});
