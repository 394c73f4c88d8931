import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import authHandler from '../../netlify/functions/auth';
import ownerHandler from '../../netlify/functions/owner';
import photosHandler from '../../netlify/functions/photos';
import staffHandler from '../../netlify/functions/staff';
import { migrate } from '../../scripts/lib/migrate';
import { enableEmbeddedDatabase } from '../../src/data/embedded';
import { openSql } from '../../src/data/open';
import type { Sql } from '../../src/data/sql';
import { sqlStore } from '../../src/data/sql-store';
import { sqlStaffStore } from '../../src/data/staff-sql';
import { CLAIM_ANSWER, NOT_YOURS, OWNER_LIMITS } from '../../src/server/owner/endpoint';
import { submitPending } from '../db/fixtures';
import { photo } from './photo-files';
import { count, emailsTo, postJson, signInLinks, validSubmission } from './support';

const SITE = 'http://localhost';
/** Where staff notices go in these tests (STAFF_EMAIL). */
const STAFF_INBOX = 'inbox@staff.example';
let work: string;
let sql: Sql;
let client = 0;
let alder: { id: string; slug: string };
let birch: { id: string; slug: string };

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'owner-fn-'));
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
  process.env.STAFF_EMAIL = STAFF_INBOX;
  enableEmbeddedDatabase();
  sql = await openSql({ kind: 'pglite', dataDir: process.env.PGLITE_DIR });
  await migrate(sql);
  const store = sqlStore(sql);
  // Two listings, each with its owner's private address (D7): olive owns both fixtures' contact, so give B its own.
  alder = await submitPending(store, 'Alder Yurts');
  birch = await submitPending(store, 'Birch Domes');
  await sql.query(
    `update public.listing_owner_contacts set email = 'ben@example.com' where listing_id = $1`,
    [birch.id],
  );
  const staff = sqlStaffStore(sql);
  for (const l of [alder, birch]) await staff.setStatus(l.id, 'verified', 'test', null, null);
});
afterAll(async () => {
  await sql?.close();
  await rm(work, { recursive: true, force: true });
});
beforeEach(async () => {
  client += 1;
  await sql.exec('delete from public.rate_limit_hits; delete from public.listing_changes');
});

const ip = () => `198.51.100.${client}`;
const outbox = () => join(work, 'outbox');

async function signIn(email: string): Promise<string> {
  const asked = await authHandler(
    postJson('/api/auth/sign-in', { email }, { 'x-forwarded-for': ip(), origin: SITE }),
    {},
  );
  expect(asked.status).toBe(202);
  const token = (await signInLinks(outbox(), email)).at(-1);
  const res = await authHandler(postJson('/api/auth/confirm', { token }, { origin: SITE }), {});
  expect(res.status).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** One photo uploaded as the form does (POST /api/photos): its id and size. */
async function upload(seed: number): Promise<{ id: string; width: number; height: number }> {
  const res = await photosHandler(
    new Request(`${SITE}/api/photos`, {
      method: 'POST',
      body: new Uint8Array(await photo({ width: 600, height: 400, seed })),
      headers: { 'x-forwarded-for': ip() },
    }),
    {},
  );
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; width: number; height: number };
}

const owner = (path: string, body: unknown, cookie = '', headers: Record<string, string> = {}) =>
  ownerHandler(postJson(path, body, { 'x-forwarded-for': ip(), origin: SITE, cookie, ...headers }), {});
const staff = (body: unknown, cookie: string) =>
  staffHandler(postJson('/api/staff', body, { origin: SITE, cookie }), {});
const mine = async (cookie: string) =>
  ownerHandler(new Request(`${SITE}/api/owner/listings`, { headers: { cookie } }), {});

/** The edit form as it arrives: the listing's current values with some changed. */
function editOf(slug: string, over: Record<string, unknown> = {}) {
  const {
    ownerName: _n,
    email: _e,
    ...form
  } = validSubmission({
    propertyName: slug.startsWith('alder') ? 'Alder Yurts' : 'Birch Domes',
    phone: '5551234567',
    description: 'Heated yurts.',
    amenities: ['Fire Pit'],
    priceRange: '',
    website: '',
    latitude: '44.05',
    longitude: '-121.31',
  });
  return { slug, ...form, ...over };
}

describe('an owner signs in with the address on file', () => {
  it('gets a link, and the session knows it is an owner of that listing only', async () => {
    const cookie = await signIn('olive@example.com');
    const res = await mine(cookie);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      staff: boolean;
      listings: Array<{ slug: string; owner_email?: string }>;
    };
    expect(body.staff).toBe(false);
    expect(body.listings.map((l) => l.slug)).toEqual([alder.slug]);
    expect(body.listings[0]?.owner_email).toBeUndefined();
  });

  it('is refused without a session; the list says nobody is signed in', async () => {
    const anonymous = await mine('');
    expect(anonymous.status).toBe(200);
    expect(await anonymous.json()).toEqual({ email: null, staff: false, listings: [] });
    expect((await owner('/api/owner/edit', editOf(alder.slug, { priceRange: 'Luxury' }))).status).toBe(401);
  });
});

describe('owner A reaches for owner B’s listing by every route', () => {
  it('edit, unpublish: 403 with the reason, and nothing is stored', async () => {
    const cookie = await signIn('olive@example.com');
    for (const [path, body] of [
      ['/api/owner/edit', editOf(birch.slug, { priceRange: 'Luxury' })],
      ['/api/owner/unpublish', { slug: birch.slug, note: 'closed' }],
    ] as const) {
      const res = await owner(path, body, cookie);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: NOT_YOURS });
    }
    expect(await count(sql, 'listing_changes')).toBe(0);
  });

  it('the staff console and its claim/change decisions: 403 for an owner session', async () => {
    const cookie = await signIn('olive@example.com');
    const [claim] = await sql.query<{ id: string }>(
      `insert into public.owner_claims (listing_id, email, name, role, proof)
       values ($1, 'olive@example.com', 'Olive', 'Owner', '5551234567') returning id::text as id`,
      [birch.id],
    );
    for (const body of [
      { action: 'claims' },
      { action: 'claim-approve', claim: claim?.id },
      { action: 'changes' },
      { action: 'change-approve', change: claim?.id },
    ]) {
      const res = await staff(body, cookie);
      expect(res.status).toBe(403);
    }
    // Her own claim on B is still waiting: it gives her nothing on B.
    expect(
      (await owner('/api/owner/edit', editOf(birch.slug, { priceRange: 'Luxury' }), cookie)).status,
    ).toBe(403);
    await sql.exec('delete from public.owner_claims');
  });

  it('a listing that does not exist: 404; a forged slug field cannot be smuggled in the form', async () => {
    const cookie = await signIn('olive@example.com');
    expect((await owner('/api/owner/edit', editOf('no-such-listing'), cookie)).status).toBe(404);
    expect(
      (await owner('/api/owner/edit', { ...editOf(alder.slug), slug: [birch.slug] }, cookie)).status,
    ).toBe(404);
  });

  it('photos: a photo of B’s listing, or an id that is no upload, is refused and nothing is stored', async () => {
    const cookie = await signIn('olive@example.com');
    const birchPhoto = await upload(3);
    // B's photo is on B's listing (its public address shows its id): A cannot put it on hers.
    await sql.query(`update public.glamping_listings set photos = $1::jsonb where id = $2`, [
      JSON.stringify([{ ...birchPhoto, widths: [400], caption: null, placeholder: '' }]),
      birch.id,
    ]);
    await sql.query('delete from public.photo_uploads where id = $1', [birchPhoto.id]);
    for (const id of [birchPhoto.id, 'AAAAAAAAAAA']) {
      const res = await owner(
        '/api/owner/edit',
        editOf(alder.slug, { priceRange: 'Budget-Friendly', photos: [{ id, caption: '' }] }),
        cookie,
      );
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/Photo 1 is no longer available/);
    }
    // Her own fresh upload, proposed for B's listing: 403, and the upload is still hers to use.
    const mine = await upload(4);
    const res = await owner(
      '/api/owner/edit',
      editOf(birch.slug, { photos: [{ id: mine.id, caption: '' }] }),
      cookie,
    );
    expect(res.status).toBe(403);
    expect(await count(sql, 'listing_changes')).toBe(0);
    expect(await sql.query('select 1 from public.photo_uploads where id = $1', [mine.id])).toHaveLength(1);
    await sql.query(`update public.glamping_listings set photos = '[]'::jsonb where id = $1`, [birch.id]);
  });
  it('a cross-site post with the owner cookie: 403', async () => {
    const cookie = await signIn('olive@example.com');
    const res = await owner('/api/owner/edit', editOf(alder.slug, { priceRange: 'Luxury' }), cookie, {
      origin: 'https://evil.example',
    });
    expect(res.status).toBe(403);
  });
});

describe('an owner edits their listing', () => {
  it('with the submission form’s rules and messages', async () => {
    const cookie = await signIn('olive@example.com');
    const res = await owner(
      '/api/owner/edit',
      editOf(alder.slug, { phone: '12', propertyName: ' ' }),
      cookie,
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      fields: { phone: 'Please enter a 10-digit phone number', propertyName: 'Property name is required' },
    });
    const same = await owner('/api/owner/edit', editOf(alder.slug), cookie);
    expect(same.status).toBe(400);
    expect(await same.json()).toEqual({ error: 'Nothing changed: edit a field, then send the form again' });
  });

  it('staff see the diff and approve it; the listing changes only then, and the owner is e-mailed', async () => {
    const cookie = await signIn('olive@example.com');
    expect(
      (await owner('/api/owner/edit', editOf(alder.slug, { priceRange: 'Luxury' }), cookie)).status,
    ).toBe(202);
    expect((await emailsTo(outbox(), STAFF_INBOX)).at(-1)).toContain(
      'olive@example.com sent a request for Alder Yurts',
    );
    const staffCookie = await signIn('ada@example.org');
    const queue = (await (await staff({ action: 'changes' }, staffCookie)).json()) as {
      changes: Array<{ id: string; slug: string; changes: object; current: object }>;
    };
    expect(queue.changes).toMatchObject([
      { slug: alder.slug, changes: { price_range: 'Luxury' }, current: { price_range: null } },
    ]);
    expect((await sqlStaffStore(sql).find(alder.id))?.price_range).toBeNull();
    const approved = await staff({ action: 'change-approve', change: queue.changes[0]?.id }, staffCookie);
    expect(approved.status).toBe(200);
    const answer = (await approved.json()) as { message: string; rebuild?: unknown };
    expect(answer.message).toMatch(/edit approved, e-mail to olive@example.com sent/);
    expect(answer.rebuild).toBeDefined();
    expect((await sqlStaffStore(sql).find(alder.id))?.price_range).toBe('Luxury');
    const mails = await emailsTo(outbox(), 'olive@example.com');
    expect(mails.at(-1)).toContain('We approved your changes');
  });

  it('photos: an owner adds, captions and reorders; staff approve; the new photo goes public, a dropped one leaves', async () => {
    const cookie = await signIn('olive@example.com');
    const staffCookie = await signIn('ada@example.org');
    const first = await upload(5);
    const files = (id: string, side: 'public' | 'private') => join(work, 'photos', side, id, '400.jpg');
    const exists = (file: string) =>
      access(file).then(
        () => true,
        () => false,
      );
    // One photo on the listing to start with, approved like any change.
    expect(
      (
        await owner(
          '/api/owner/edit',
          editOf(alder.slug, { photos: [{ id: first.id, caption: 'The yurt' }] }),
          cookie,
        )
      ).status,
    ).toBe(202);
    let [change] = await sqlStaffStore(sql).changes();
    expect(change?.changes.photos).toMatchObject([
      { id: first.id, caption: 'The yurt', width: 600, height: 400 },
    ]);
    // Taken into the proposal: no longer an upload that expires in a day.
    expect(await sql.query('select 1 from public.photo_uploads where id = $1', [first.id])).toHaveLength(0);
    expect(await exists(files(first.id, 'public'))).toBe(false);
    let approved = await staff({ action: 'change-approve', change: change?.id }, staffCookie);
    expect(approved.status).toBe(200);
    expect(((await approved.json()) as { message: string }).message).toMatch(/1 photo\(s\) published/);
    expect((await sqlStaffStore(sql).find(alder.id))?.photos).toMatchObject([
      { id: first.id, caption: 'The yurt' },
    ]);
    expect(await exists(files(first.id, 'public'))).toBe(true);

    // Then: a new cover with a caption, the first one kept second; the diff shows both lists.
    const second = await upload(6);
    const photos = [
      { id: second.id, caption: 'Deck at dusk' },
      { id: first.id, caption: 'The yurt' },
    ];
    expect((await owner('/api/owner/edit', editOf(alder.slug, { photos }), cookie)).status).toBe(202);
    const queue = (await (await staff({ action: 'changes' }, staffCookie)).json()) as {
      changes: Array<{ id: string; changes: { photos: object[] }; current: { photos: object[] } }>;
    };
    expect(queue.changes[0]?.current.photos).toMatchObject([{ id: first.id }]);
    expect(queue.changes[0]?.changes.photos).toMatchObject([
      { id: second.id, caption: 'Deck at dusk' },
      { id: first.id, caption: 'The yurt' },
    ]);
    // Staff can see the new photo before it is public; the public cannot.
    expect(await exists(files(second.id, 'private'))).toBe(true);
    expect(await exists(files(second.id, 'public'))).toBe(false);
    approved = await staff({ action: 'change-approve', change: queue.changes[0]?.id }, staffCookie);
    expect(approved.status).toBe(200);
    expect((await sqlStaffStore(sql).find(alder.id))?.photos.map((p) => p.id)).toEqual([second.id, first.id]);
    expect(await exists(files(second.id, 'public'))).toBe(true);
    // The owner's e-mail lists the photos (quoted-printable: the curly quotes are encoded).
    expect((await emailsTo(outbox(), 'olive@example.com')).at(-1)).toMatch(
      /Photos: 2 photos: \S+Deck at dusk\S+ \(cover\), \S+The yurt/,
    );

    // Removing one: approved, its public files are withdrawn (its private copy stays for staff).
    expect((await owner('/api/owner/edit', editOf(alder.slug, { photos: [photos[1]] }), cookie)).status).toBe(
      202,
    );
    [change] = await sqlStaffStore(sql).changes();
    approved = await staff({ action: 'change-approve', change: change?.id }, staffCookie);
    expect(((await approved.json()) as { message: string }).message).toMatch(/1 withdrawn/);
    expect(await exists(files(second.id, 'public'))).toBe(false);
    expect(await exists(files(first.id, 'public'))).toBe(true);
    // Sending the photos as they are is no change.
    const same = await owner('/api/owner/edit', editOf(alder.slug, { photos: [photos[1]] }), cookie);
    expect(same.status).toBe(400);
    await sql.query(`update public.glamping_listings set photos = '[]'::jsonb where id = $1`, [alder.id]);
  });

  it('a refused change leaves the listing as it was and tells the owner why', async () => {
    const cookie = await signIn('olive@example.com');
    await owner('/api/owner/edit', editOf(alder.slug, { city: 'Sisters' }), cookie);
    const staffCookie = await signIn('ada@example.org');
    const [change] = await sqlStaffStore(sql).changes();
    const noReason = await staff({ action: 'change-refuse', change: change?.id }, staffCookie);
    expect(noReason.status).toBe(400);
    const refused = await staff(
      { action: 'change-refuse', change: change?.id, reason: 'Wrong town' },
      staffCookie,
    );
    expect(refused.status).toBe(200);
    expect((await sqlStaffStore(sql).find(alder.id))?.city).toBe('Bend');
    expect((await emailsTo(outbox(), 'olive@example.com')).at(-1)).toContain('Reason: Wrong town');
  });
});

describe('a claim by an address not on file', () => {
  const claimBody = (over: Record<string, unknown> = {}) => ({
    slug: birch.slug,
    name: 'Cy Manager',
    email: 'cy@example.com',
    role: 'Manager',
    proof: 'https://birch.example.com/team',
    ...over,
  });

  it('is checked field by field', async () => {
    const res = await owner('/api/owner/claim', claimBody({ email: 'nope', proof: 'trust me', name: '' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      fields: {
        email: 'Please enter a valid email',
        proof: 'Please give a 10-digit phone number or a link starting with http:// or https://',
        name: 'Your name is required',
      },
    });
    expect((await owner('/api/owner/claim', claimBody({ slug: 'no-such-listing' }))).status).toBe(404);
  });

  it('answers a listing that is not public (pending, rejected) exactly as one that does not exist', async () => {
    const store = sqlStore(sql);
    const hidden = await submitPending(store, 'Cedar Tents');
    const unknown = await owner('/api/owner/claim', claimBody({ slug: 'no-such-listing' }));
    const pending = await owner('/api/owner/claim', claimBody({ slug: hidden.slug }));
    await sqlStaffStore(sql).setStatus(hidden.id, 'rejected', 'test', 'Not glamping', null);
    const rejected = await owner('/api/owner/claim', claimBody({ slug: hidden.slug }));
    const answer = async (res: Response, slug: string) => ({
      status: res.status,
      body: JSON.stringify(await res.json()).replaceAll(slug, '<slug>'),
    });
    const expected = await answer(unknown, 'no-such-listing');
    expect(expected.status).toBe(404);
    expect(await answer(pending, hidden.slug)).toEqual(expected);
    expect(await answer(rejected, hidden.slug)).toEqual(expected);
    // Nothing waits for staff about it.
    const [{ n }] = (await sql.query<{ n: number }>(
      'select count(*)::int as n from public.owner_claims where listing_id = $1',
      [hidden.id],
    )) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('goes to staff, who approve it: the claimant is e-mailed and may then sign in and edit', async () => {
    const res = await owner('/api/owner/claim', claimBody());
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ message: CLAIM_ANSWER });
    // Staff hear that a claim waits (at STAFF_EMAIL).
    expect((await emailsTo(outbox(), STAFF_INBOX)).at(-1)).toContain(
      'Cy Manager <cy@example.com> sent a claim',
    );
    const staffCookie = await signIn('ada@example.org');
    const { claims } = (await (await staff({ action: 'claims' }, staffCookie)).json()) as {
      claims: Array<{ id: string; email: string; proof: string }>;
    };
    expect(claims).toMatchObject([{ email: 'cy@example.com', proof: 'https://birch.example.com/team' }]);
    expect((await staff({ action: 'claim-approve', claim: claims[0]?.id }, staffCookie)).status).toBe(200);
    expect((await emailsTo(outbox(), 'cy@example.com')).at(-1)).toContain('We approved your claim');
    const cookie = await signIn('cy@example.com');
    expect(
      (await owner('/api/owner/edit', editOf(birch.slug, { priceRange: 'Budget-Friendly' }), cookie)).status,
    ).toBe(202);
    expect(
      (await owner('/api/owner/edit', editOf(alder.slug, { priceRange: 'Budget-Friendly' }), cookie)).status,
    ).toBe(403);
  });

  it('the address on file gets the same answer and nothing is queued', async () => {
    const before = await count(sql, 'owner_claims');
    const notices = (await emailsTo(outbox(), STAFF_INBOX)).length;
    const res = await owner('/api/owner/claim', claimBody({ email: 'ben@example.com' }));
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ message: CLAIM_ANSWER });
    expect(await count(sql, 'owner_claims')).toBe(before);
    expect((await emailsTo(outbox(), STAFF_INBOX)).length).toBe(notices);
  });
});

describe('rate limits', () => {
  it(`claims: 429 after ${OWNER_LIMITS.claimsPerAddress} for one address`, async () => {
    const body = {
      slug: alder.slug,
      name: 'Dee',
      role: 'Owner',
      proof: '(555) 987-6543',
      email: 'dee@example.com',
    };
    // One address however it is written.
    for (let i = 0; i < OWNER_LIMITS.claimsPerAddress; i++) {
      client += 1;
      const email = i % 2 ? body.email.toUpperCase() : body.email;
      expect((await owner('/api/owner/claim', { ...body, email })).status).toBe(202);
    }
    client += 1;
    const res = await owner('/api/owner/claim', body);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it(`claims: 429 after ${OWNER_LIMITS.claimsPerClient} from one client`, async () => {
    for (let i = 0; i < OWNER_LIMITS.claimsPerClient; i++)
      await owner('/api/owner/claim', { slug: alder.slug, email: `x${i}@example.com` });
    expect((await owner('/api/owner/claim', { slug: alder.slug })).status).toBe(429);
  });

  it(`proposals: 429 after ${OWNER_LIMITS.proposalsPerOwner} from one owner`, async () => {
    const cookie = await signIn('olive@example.com');
    for (let i = 0; i < OWNER_LIMITS.proposalsPerOwner; i++)
      expect((await owner('/api/owner/unpublish', { slug: alder.slug }, cookie)).status).toBe(202);
    expect((await owner('/api/owner/unpublish', { slug: alder.slug }, cookie)).status).toBe(429);
  });
});
