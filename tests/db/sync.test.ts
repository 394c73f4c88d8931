import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertListings } from '../../scripts/lib/seed';
import { sqlStore } from '../../src/data/sql-store';
import { memorySnapshot, syncListings, syncSnapshotFile } from '../../src/data/sync';
import { type Backend, backends, describeEachBackend } from './backends';
import { listingRow } from './fixtures';

const list = await backends();

async function freshDatabase(backend: Backend) {
  const db = await backend.create();
  const snap = memorySnapshot();
  const reader = sqlStore(db.sql);
  const sync = () => syncListings(reader, snap.store, snap.meta, (l) => l.updated_at);
  const name = (id: string) => snap.entries.get(id)?.data.property_name;
  return { ...db, ...snap, sync, name };
}

const setName = (id: string, name: string) =>
  `update public.glamping_listings set property_name = '${name}' where id = '${id}'`;
const setStatus = (id: string, status: string) =>
  `update public.glamping_listings set verification_status = '${status}' where id = '${id}'`;

describeEachBackend(list, 'incremental sync on $name', (backend) => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    db = await freshDatabase(backend);
  });
  afterAll(() => db?.dispose());

  it('reads only what changed: an edit that keeps the count, and a swap of one listing for another', async () => {
    const [a, b, c] = [listingRow(), listingRow(), listingRow({ verification_status: 'pending' })];
    await insertListings(db.sql, [a, b, c]);
    expect(await db.sync()).toMatchObject({ mode: 'full', read: 2, total: 2 });

    await db.sql.query(setName(a.id, 'Edited'));
    expect(await db.sync()).toMatchObject({ mode: 'incremental', read: 1, removed: 0, total: 2 });
    expect(db.name(a.id)).toBe('Edited');

    await db.sql.transaction(async (tx) => {
      await tx.query(setStatus(b.id, 'rejected'));
      await tx.query(setStatus(c.id, 'verified'));
    });
    expect(await db.sync()).toMatchObject({ mode: 'incremental', read: 1, removed: 1, total: 2 });
    expect(db.store.keys().sort()).toEqual([a.id, c.id].sort());
    expect(await db.sync()).toMatchObject({ mode: 'incremental', read: 0, removed: 0 });
  });
});

describeEachBackend(list, 'the snapshot kept in a file between builds, on $name', (backend) => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let dir: string;
  beforeAll(async () => {
    db = await freshDatabase(backend);
    dir = await mkdtemp(join(tmpdir(), 'glamping-snapshot-'));
  });
  afterAll(async () => {
    await db?.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  it('reads everything once, then only what changed; writes the file only when a listing changed', async () => {
    const file = join(dir, 'listings-snapshot.json');
    const reader = sqlStore(db.sql);
    const sync = () => syncSnapshotFile(file, reader, (l) => `${l.property_name}|${l.updated_at}`);
    const [a, b] = [listingRow(), listingRow()];
    await insertListings(db.sql, [a, b]);

    const first = await sync();
    expect(first.report).toMatchObject({ mode: 'full', read: 2, removed: 0, total: 2 });
    const written = (await stat(file)).mtimeMs;

    // Another build with no change: the file as it was, nothing read, nothing written.
    const again = await sync();
    expect(again.report).toMatchObject({ mode: 'incremental', read: 0, removed: 0, total: 2 });
    expect(again.entries.get(a.id)?.data.property_name).toBe(a.property_name);
    expect((await stat(file)).mtimeMs).toBe(written);

    await db.sql.query(setName(a.id, 'Renamed between builds'));
    await db.sql.query(setStatus(b.id, 'rejected'));
    const changed = await sync();
    expect(changed.report).toMatchObject({ mode: 'incremental', read: 1, removed: 1, total: 1 });
    expect(changed.entries.get(a.id)).toEqual({
      data: expect.objectContaining({ property_name: 'Renamed between builds' }),
      digest: expect.stringMatching(/^Renamed between builds\|/),
    });
    // What the next build starts from: the file holds the change, and no half-written file is left beside it.
    const kept = JSON.parse(await readFile(file, 'utf8'));
    expect(kept.entries).toEqual([[a.id, expect.any(String), expect.objectContaining({ id: a.id })]]);
    await expect(stat(`${file}.tmp`)).rejects.toThrow();
  });

  it('starts over with a full read from a file of another layout', async () => {
    const file = join(dir, 'old-layout.json');
    await writeFile(file, JSON.stringify({ version: 0, listings: [] }));
    const { report } = await syncSnapshotFile(file, sqlStore(db.sql), (l) => l.updated_at);
    expect(report.mode).toBe('full');
    expect(report.total).toBeGreaterThan(0);
    expect(JSON.parse(await readFile(file, 'utf8')).entries).toHaveLength(report.total);
  });
});

// PGlite is one session: it cannot hold two open transactions at once, so interleaving needs the server.
describeEachBackend(
  list.filter((b) => b.name !== 'PGlite'),
  'incremental sync with interleaved transactions on the $name (PGlite is one session: it cannot interleave)',
  (server) => {
    let db: Awaited<ReturnType<typeof freshDatabase>>;
    let client: postgres.Sql;
    beforeAll(async () => {
      db = await freshDatabase(server);
      client = postgres(db.url ?? '', { max: 2, onnotice: () => {} });
    });
    afterAll(async () => {
      await client?.end({ timeout: 5 });
      await db?.dispose();
    });

    /** A transaction on its own connection, left open until commit() is called. */
    async function open() {
      const conn = await client.reserve();
      await conn.unsafe('begin');
      return {
        run: (text: string) => conn.unsafe(text),
        async commit() {
          await conn.unsafe('commit');
          conn.release();
        },
      };
    }

    it('A starts, B starts, B commits, a sync runs, A commits: the next sync sees A (an edit, same count)', async () => {
      const [x, y, z] = [listingRow(), listingRow(), listingRow()];
      await insertListings(db.sql, [x, y, z]);
      await db.sync();

      const a = await open();
      await a.run(setName(x.id, 'Renamed in a long transaction'));
      const b = await open();
      await b.run(setStatus(y.id, 'rejected'));
      await b.commit();
      expect(await db.sync()).toMatchObject({ mode: 'incremental', removed: 1, total: 2 });
      expect(db.name(x.id)).toBe(x.property_name);

      await a.commit();
      expect(await db.sync()).toMatchObject({ mode: 'incremental', total: 2 });
      expect(db.name(x.id)).toBe('Renamed in a long transaction');
    });

    it('sees a removal and a verification made together in a transaction that committed after the sync', async () => {
      const [kept, leaving, arriving] = [
        listingRow(),
        listingRow(),
        listingRow({ verification_status: 'pending' }),
      ];
      await insertListings(db.sql, [kept, leaving, arriving]);
      await db.sync();
      const before = db.store.keys().length;

      const a = await open();
      await a.run(setStatus(leaving.id, 'rejected'));
      await a.run(setStatus(arriving.id, 'verified'));
      const b = await open();
      await b.run(setName(kept.id, 'Edited meanwhile'));
      await b.commit();
      expect(await db.sync()).toMatchObject({ mode: 'incremental', read: 1, removed: 0 });

      await a.commit();
      expect(await db.sync()).toMatchObject({ mode: 'incremental', removed: 1, total: before });
      expect(db.store.keys()).toContain(arriving.id);
      expect(db.store.keys()).not.toContain(leaving.id);
    });
  },
);
