import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSiteServer } from '../../scripts/lib/server';
import { loadConfig } from '../../src/config';
import { localPhotoStorage } from '../../src/data/photos/local';
import { PHOTO_BUCKETS, supabasePhotoStorage } from '../../src/data/photos/supabase';
import type { Sql } from '../../src/data/sql';
import { sqlStaffStore } from '../../src/data/staff-sql';
import type { Store } from '../../src/data/store';
import { expireUploads } from '../../src/server/photos/cleanup';
import { createPhotoUploadHandler } from '../../src/server/photos/upload';
import { slidingWindowLimiter } from '../../src/server/rate-limit';
import { runStaffAction } from '../../src/server/staff/actions';
import { createStaffPhotoHandler, STAFF_AUTH_FAILURES } from '../../src/server/staff/endpoint';
import { createSubmitHandler } from '../../src/server/submissions';
import { bomb, gif, phoneJpeg, photo, polyglot, svg } from './photo-files';
import { startStorageStandIn } from './storage-stand-in';
import { count, memoryTransport, postJson, testDatabase, testDeps, validSubmission } from './support';

let sql: Sql;
let store: Store;
let dir: string;
let upload: ReturnType<typeof createPhotoUploadHandler>;
let submit: ReturnType<typeof createSubmitHandler>;

beforeAll(async () => {
  ({ sql, store } = await testDatabase());
  dir = await mkdtemp(join(tmpdir(), 'photos-'));
  upload = createPhotoUploadHandler(
    () => ({
      store: async () => store,
      storage: () => localPhotoStorage(dir),
      writesRefused: null,
      log: () => {},
    }),
    slidingWindowLimiter({ limit: 1000, windowMs: 60_000 }),
  );
  submit = createSubmitHandler(testDeps(store, memoryTransport()));
});
afterAll(async () => {
  await sql?.close();
  await rm(dir, { recursive: true, force: true });
});

// The declared type is whatever the browser says; the server never reads it.
const send = (bytes: Uint8Array, type = 'image/jpeg') =>
  upload(
    new Request('http://localhost/api/photos', {
      method: 'POST',
      headers: { 'content-type': type },
      body: new Blob([new Uint8Array(bytes)]),
    }),
  );

async function uploaded(bytes: Uint8Array): Promise<string> {
  const res = await send(bytes);
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const files = (side: 'private' | 'public', id: string) =>
  readdir(join(dir, side, id)).catch(() => [] as string[]);

describe('POST /api/photos', () => {
  it.each(['jpeg', 'png', 'webp', 'avif'] as const)(
    'accepts a %s photo and keeps its variants privately',
    async (format) => {
      const res = await send(await photo({ width: 1700, height: 1000, format }), 'application/octet-stream');
      expect(res.status).toBe(201);
      const body = (await res.json()) as { id: string; width: number; height: number; placeholder: string };
      expect(body).toMatchObject({
        id: expect.stringMatching(/^[A-Za-z0-9_-]{11}$/),
        width: 1700,
        height: 1000,
      });
      expect((await files('private', body.id)).sort()).toEqual(
        [
          '1200.jpg',
          '1600.avif',
          '1600.jpg',
          '1600.webp',
          '400.avif',
          '400.jpg',
          '400.webp',
          '800.avif',
          '800.jpg',
          '800.webp',
        ].sort(),
      );
      expect(await files('public', body.id)).toEqual([]);
      // The share image: a 1200 px JPEG.
      expect((await sharp(join(dir, 'private', body.id, '1200.jpg')).metadata()).width).toBe(1200);
    },
  );

  it('stores a phone photo upright with no metadata left (no GPS position, no camera)', async () => {
    const id = await uploaded(await phoneJpeg());
    for (const name of await files('private', id)) {
      const meta = await sharp(join(dir, 'private', id, name)).metadata();
      expect(meta.exif, name).toBeUndefined();
      expect(meta.height! > meta.width!, name).toBe(true);
    }
  });

  it.each([
    ['an SVG called photo.jpg', () => svg, 'This file is not a JPEG, PNG, WebP or AVIF photo.'],
    ['a GIF', gif, 'This file is not a JPEG, PNG, WebP or AVIF photo.'],
    [
      'a JPEG that is also a web page',
      polyglot,
      'This file holds more than a photo (markup or script), so it is refused.',
    ],
    ['a decompression bomb', bomb, 'This photo has too many pixels (over 12 megapixels).'],
    ['an empty file', async () => Buffer.alloc(0), 'This file is empty.'],
    [
      'half a JPEG',
      async () => (await photo()).subarray(0, 5000),
      'This photo could not be read: the file is damaged or incomplete.',
    ],
  ])('refuses %s with its reason and stores nothing', async (_label, make, message) => {
    const before = await count(sql, 'photo_uploads');
    const res = await send(await make());
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: message, fields: { photo: message } });
    expect(await count(sql, 'photo_uploads')).toBe(before);
  });

  it('refuses a file over 5 MB while it streams (413)', async () => {
    const res = await send(Buffer.alloc(5 * 1024 * 1024 + 1, 0xff));
    expect(res.status).toBe(413);
  });
});

describe('a submission with photos', () => {
  it('stores the listing with its photos in order and captions, and uses the uploads up', async () => {
    const cover = await uploaded(await photo({ seed: 2 }));
    const second = await uploaded(await photo({ seed: 3, width: 900, height: 1200 }));
    const res = await submit(
      postJson('/api/listings', {
        ...validSubmission({ propertyName: 'Photo Ridge Domes' }),
        photos: [
          { id: cover, caption: 'The dome at dusk' },
          { id: second, caption: '' },
        ],
      }),
    );
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const [row] = await sql.query<{ photos: Array<Record<string, unknown>> }>(
      'select photos from public.glamping_listings where id = $1',
      [id],
    );
    expect(row?.photos).toMatchObject([
      { id: cover, width: 1200, height: 800, widths: [400, 800], caption: 'The dome at dusk' },
      { id: second, width: 900, height: 1200, widths: [400, 800], caption: null },
    ]);
    expect(String(row?.photos[0]?.placeholder)).toMatch(/^data:image\/webp;base64,/);
    const left = await sql.query('select id from public.photo_uploads where id = any($1)', [[cover, second]]);
    expect(left).toEqual([]);

    // The same uploads again: gone, so the whole submission is refused and nothing is stored.
    const listings = await count(sql, 'glamping_listings');
    const again = await submit(
      postJson('/api/listings', {
        ...validSubmission({ propertyName: 'Photo Ridge Domes Again' }),
        photos: [{ id: cover, caption: '' }],
      }),
    );
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: string }).error).toBe(
      'Photo 1 is no longer available (uploads are kept for a day): please add it again',
    );
    expect(await count(sql, 'glamping_listings')).toBe(listings);
  });

  it('refuses more than 8 photos by the field, storing nothing', async () => {
    const listings = await count(sql, 'glamping_listings');
    const res = await submit(
      postJson('/api/listings', {
        ...validSubmission(),
        photos: Array.from({ length: 9 }, (_, i) => ({ id: `abcdefghij${i}`, caption: '' })),
      }),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields).toEqual({
      photos: 'Please choose at most 8 photos',
    });
    expect(await count(sql, 'glamping_listings')).toBe(listings);
  });

  it('deletes uploads no submission took within a day, files and all', async () => {
    const id = await uploaded(await photo({ seed: 9 }));
    const kept = await uploaded(await photo({ seed: 10 }));
    await sql.exec(
      `update public.photo_uploads set expires_at = now() - interval '1 second' where id = '${id}'`,
    );
    expect(await expireUploads(store, localPhotoStorage(dir))).toBe(1);
    expect(await files('private', id)).toEqual([]);
    expect((await files('private', kept)).length).toBe(7);
    expect(await sql.query('select id from public.photo_uploads where id = $1', [id])).toEqual([]);
  });
});

describe('staff and photos', () => {
  it('verifying publishes the photos, unpublishing withdraws them; cover and removal are audited', async () => {
    const staff = sqlStaffStore(sql);
    const options = { photos: () => localPhotoStorage(dir) };
    const a = await uploaded(await photo({ seed: 21 }));
    const b = await uploaded(await photo({ seed: 22 }));
    const res = await submit(
      postJson('/api/listings', {
        ...validSubmission({ propertyName: 'Staff Photo Camp' }),
        photos: [
          { id: a, caption: '' },
          { id: b, caption: '' },
        ],
      }),
    );
    const { id } = (await res.json()) as { id: string };
    expect(await files('public', a)).toEqual([]);

    const verified = await runStaffAction(staff, { action: 'verify', id }, 'dana', options);
    expect(verified.message).toContain('2 photo(s) published');
    expect((await files('public', a)).length).toBe(7);
    expect((await files('public', b)).length).toBe(7);

    const cover = await runStaffAction(staff, { action: 'photo-cover', id, photo: b }, 'dana', options);
    expect(cover.listing?.photos.map((p) => p.id)).toEqual([b, a]);
    const removed = await runStaffAction(staff, { action: 'photo-remove', id, photo: a }, 'dana', options);
    expect(removed.listing?.photos.map((p) => p.id)).toEqual([b]);
    expect(await files('public', a)).toEqual([]);
    expect(await files('private', a)).toEqual([]);

    const unverified = await runStaffAction(staff, { action: 'unverify', id }, 'dana', options);
    expect(unverified.message).toContain('1 photo(s) withdrawn');
    expect(await files('public', b)).toEqual([]);
    expect((await files('private', b)).length).toBe(7);

    const audit = await staff.audit(id);
    expect(
      audit.filter((x) => x.action.startsWith('photo-')).map((x) => `${x.actor} ${x.action} ${x.old_value}`),
    ).toEqual([`dana photo-cover ${b}`, `dana photo-remove ${a}`]);
    await expect(
      runStaffAction(staff, { action: 'photo-remove', id, photo: 'nope' }, 'dana', options),
    ).rejects.toThrow(`has no photo "nope"`);
  });
});

describe('a photo two listings show', () => {
  it('stays public while another verified listing shows it, and keeps its files when removed from one', async () => {
    const staff = sqlStaffStore(sql);
    const options = { photos: () => localPhotoStorage(dir) };
    const shared = await uploaded(await photo({ seed: 51 }));
    const first = await submit(
      postJson('/api/listings', {
        ...validSubmission({ propertyName: 'Shared One' }),
        photos: [{ id: shared, caption: '' }],
      }),
    );
    const { id: one } = (await first.json()) as { id: string };
    const [row] = await sql.query<{ photos: unknown }>(
      'select photos from public.glamping_listings where id = $1',
      [one],
    );
    const second = await submit(postJson('/api/listings', validSubmission({ propertyName: 'Shared Two' })));
    const { id: two } = (await second.json()) as { id: string };
    // As a staff CSV import can: the second listing shows the first one's photo.
    await sql.query('update public.glamping_listings set photos = $1::text::jsonb where id = $2', [
      JSON.stringify(row?.photos),
      two,
    ]);
    await runStaffAction(staff, { action: 'verify', id: one }, 'dana', options);
    await runStaffAction(staff, { action: 'verify', id: two }, 'dana', options);
    await runStaffAction(staff, { action: 'unverify', id: one }, 'dana', options);
    expect((await files('public', shared)).length).toBe(7);
    await runStaffAction(staff, { action: 'photo-remove', id: one, photo: shared }, 'dana', options);
    expect((await files('private', shared)).length).toBe(7);
    await runStaffAction(staff, { action: 'unverify', id: two }, 'dana', options);
    expect(await files('public', shared)).toEqual([]);
  });
});

describe('the local server and photos', () => {
  it('serves a verified listing’s photo at /photos/, never a private one', async () => {
    const site = join(dir, 'site');
    await mkdir(site, { recursive: true });
    await writeFile(join(site, '404.html'), '<h1>Not found</h1>');
    const server = await startSiteServer({
      siteDir: site,
      port: 0,
      photosDir: join(dir, 'public'),
      log: () => {},
    });
    try {
      const storage = localPhotoStorage(dir);
      const shown = await uploaded(await photo({ seed: 31 }));
      const hidden = await uploaded(await photo({ seed: 32 }));
      await storage.publish(shown, ['400.avif', '400.webp', '400.jpg', '800.avif', '800.webp', '800.jpg']);
      const res = await fetch(`${server.url}/photos/${shown}/800.jpg`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(800);
      expect((await fetch(`${server.url}/photos/${shown}/800.avif`)).headers.get('content-type')).toBe(
        'image/avif',
      );
      expect((await fetch(`${server.url}/photos/${hidden}/800.jpg`)).status).toBe(404);
      expect((await fetch(`${server.url}/photos/%2e%2e/private/${hidden}/800.jpg`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe('photos in Supabase Storage (a stand-in of its object API)', () => {
  it('keeps uploads private, publishes to the public bucket, withdraws and removes, idempotently', async () => {
    const api = await startStorageStandIn({
      [PHOTO_BUCKETS.private]: { public: false },
      [PHOTO_BUCKETS.public]: { public: true },
    });
    try {
      const storage = supabasePhotoStorage(api.url, api.serviceKey);
      const base = loadConfig({
        SUPABASE_URL: api.url,
        DATABASE_URL: 'postgres://u:p@127.0.0.1:1/x',
      }).photoBase;
      const names = ['400.avif', '400.webp', '400.jpg'];
      const data = await photo({ width: 400, height: 300 });
      await storage.save(
        'AbCdEfGhIjK',
        names.map((name) => ({ name, data, contentType: 'image/jpeg' })),
      );
      const url = `${base}/AbCdEfGhIjK/400.jpg`;
      expect((await fetch(url)).status).toBe(400);
      expect(
        (await fetch(`${api.url}/storage/v1/object/public/${PHOTO_BUCKETS.private}/AbCdEfGhIjK/400.jpg`))
          .status,
      ).toBe(400);

      await storage.publish('AbCdEfGhIjK', names);
      await storage.publish('AbCdEfGhIjK', names);
      const served = await fetch(url);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(data)).toBe(true);

      await storage.withdraw('AbCdEfGhIjK', names);
      expect((await fetch(url)).status).toBe(400);
      expect(api.objects.get(PHOTO_BUCKETS.private)?.size).toBe(3);
      await storage.remove('AbCdEfGhIjK', names);
      expect(api.objects.get(PHOTO_BUCKETS.private)?.size).toBe(0);
    } finally {
      await api.close();
    }
  });
});

describe('GET /api/staff/photos/<id>/<file>', () => {
  it('shows staff a photo that is not public yet, and nobody else', async () => {
    const handler = createStaffPhotoHandler(() => ({
      token: 'staff-photo-token-0123456789abcdef',
      openStore: async () => sqlStaffStore(sql),
      photos: () => localPhotoStorage(dir),
    }));
    const id = await uploaded(await photo({ seed: 41 }));
    const get = (path: string, headers: Record<string, string> = {}) =>
      handler(new Request(`http://localhost${path}`, { headers }));
    const bearer = { authorization: 'Bearer staff-photo-token-0123456789abcdef' };

    expect((await get(`/api/staff/photos/${id}/400.jpg`)).status).toBe(401);
    expect((await get(`/api/staff/photos/${id}/400.jpg`, { authorization: 'Bearer wrong' })).status).toBe(
      401,
    );
    const res = await get(`/api/staff/photos/${id}/400.jpg`, bearer);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(400);
    expect((await get('/api/staff/photos/AAAAAAAAAAA/400.jpg', bearer)).status).toBe(404);
    expect((await get(`/api/staff/photos/${id}/../../etc/passwd`, bearer)).status).toBe(404);
  });

  it(`refuses a client after ${STAFF_AUTH_FAILURES} wrong credentials in a quarter of an hour, as /api/staff does`, async () => {
    const handler = createStaffPhotoHandler(() => ({
      token: 'staff-photo-token-0123456789abcdef',
      openStore: async () => sqlStaffStore(sql),
      photos: () => localPhotoStorage(dir),
    }));
    const id = await uploaded(await photo({ seed: 43 }));
    const get = (ip: string, authorization: string) =>
      handler(
        new Request(`http://localhost/api/staff/photos/${id}/400.jpg`, { headers: { authorization } }),
        {
          ip,
        },
      );
    for (let i = 0; i < STAFF_AUTH_FAILURES; i++)
      expect((await get('203.0.113.50', `Bearer guess-${i}`)).status).toBe(401);
    const blocked = await get('203.0.113.50', 'Bearer guess-last');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Even the right token waits: the guesses are not allowed to find it.
    expect((await get('203.0.113.50', 'Bearer staff-photo-token-0123456789abcdef')).status).toBe(429);
    // Another client is not held up.
    expect((await get('203.0.113.51', 'Bearer staff-photo-token-0123456789abcdef')).status).toBe(200);
  });
});
