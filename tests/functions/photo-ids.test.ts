import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localPhotoStorage } from '../../src/data/photos/local';
import type { Sql } from '../../src/data/sql';
import type { Store } from '../../src/data/store';
import { expireUploads } from '../../src/server/photos/cleanup';
import { newListing } from '../db/fixtures';
import { testDatabase } from './support';

let sql: Sql;
let store: Store;
let dir: string;
const owner = { owner_name: 'Olive Owner', email: 'olive@example.com' };
const upload = (id: string) =>
  store.storePhotoUpload({ id, width: 800, height: 600, widths: [400, 800], placeholder: 'data:,' });
const exists = (p: string) =>
  access(p).then(
    () => true,
    () => false,
  );

beforeAll(async () => {
  ({ sql, store } = await testDatabase());
  dir = await mkdtemp(join(tmpdir(), 'photo-ids-'));
});
afterAll(async () => {
  await sql?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('one upload id at most once per submission and per listing', () => {
  it('refuses a submission naming the same upload twice, storing nothing', async () => {
    await upload('AAAAAAAAAAA');
    const photos = [{ id: 'AAAAAAAAAAA' }, { id: 'AAAAAAAAAAA' }];
    await expect(
      store.submitListing({ ...newListing({ slug: 'twice-bend-oregon' }), photos } as never, owner, []),
    ).rejects.toThrow(/same photo/i);
    const [row] = await sql.query<{ n: number }>(
      "select count(*)::int as n from public.glamping_listings where slug = 'twice-bend-oregon'",
    );
    expect(row?.n).toBe(0);
  });

  it('a listing never holds one photo twice, whoever writes it', async () => {
    const { id } = await store.submitListing(newListing({ slug: 'once-bend-oregon' }), owner, []);
    const photo = { id: 'BBBBBBBBBBB', width: 800, height: 600, widths: [400], placeholder: 'data:,' };
    await expect(
      sql.query('update public.glamping_listings set photos = $1::jsonb where id = $2', [
        JSON.stringify([photo, photo]),
        id,
      ]),
    ).rejects.toThrow();
  });
});

describe('removing a photo never deletes files a listing still uses', () => {
  it('the clean-up job keeps the files of an expired upload a listing shows', async () => {
    const storage = localPhotoStorage(dir);
    await upload('CCCCCCCCCCC');
    await storage.save('CCCCCCCCCCC', [
      { name: '400.webp', data: Buffer.from('x'), contentType: 'image/webp' },
    ]);
    const photo = { id: 'CCCCCCCCCCC', width: 800, height: 600, widths: [400], placeholder: 'data:,' };
    // As a staff CSV import copies a photos cell naming it, before any submission took the upload.
    const { id } = await store.submitListing(newListing({ slug: 'kept-bend-oregon' }), owner, []);
    await sql.query('update public.glamping_listings set photos = $1::jsonb where id = $2', [
      JSON.stringify([photo]),
      id,
    ]);
    await sql.exec(`update public.photo_uploads set expires_at = now() - interval '1 hour'`);
    await expireUploads(store, storage);
    expect(await exists(join(dir, 'private', 'CCCCCCCCCCC', '400.webp'))).toBe(true);
  });
});
