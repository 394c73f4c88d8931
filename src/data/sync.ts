import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Listing } from '../domain/schemas/listing';
import type { PublicReader } from './store';

/** The parts of a listing snapshot the sync uses. */
export interface SnapshotStore {
  set(entry: { id: string; data: Listing; digest: string }): void;
  delete(id: string): void;
  clear(): void;
  keys(): string[];
}
export interface SyncMeta {
  get(key: string): string | undefined;
  set(key: string, value: string): void;
}

export interface SyncReport {
  mode: 'full' | 'incremental';
  read: number;
  removed: number;
  total: number;
}

// Renamed from 'watermark' (an updated_at time): a snapshot that only has the old key starts with a full read.
const WATERMARK = 'sync-horizon';

/**
 * Brings the build's listing snapshot up to date (D5): only rows changed since the last sync's horizon are read
 * (transactions still running then included, so a late commit is never skipped), and listings that left the public
 * set are dropped. When the snapshot disagrees with the database's public count
 * (another database, a lost removal), it starts over with a full read. Refuses to leave an empty directory.
 */
export async function syncListings(
  reader: PublicReader,
  store: SnapshotStore,
  meta: SyncMeta,
  digest: (listing: Listing) => string,
  options: { allowEmpty?: boolean } = {},
): Promise<SyncReport> {
  const since = store.keys().length > 0 ? (meta.get(WATERMARK) ?? null) : null;
  let report = await apply(reader, store, meta, since, digest);
  if (since !== null && store.keys().length !== (await reader.countPublic())) {
    store.clear();
    report = await apply(reader, store, meta, null, digest);
  }
  if (report.total === 0 && !options.allowEmpty) {
    throw new Error('The database returned no verified listings: refusing to publish an empty directory.');
  }
  return report;
}

async function apply(
  reader: PublicReader,
  store: SnapshotStore,
  meta: SyncMeta,
  since: string | null,
  digest: (listing: Listing) => string,
): Promise<SyncReport> {
  const changes = await reader.readPublic(since);
  if (since === null) store.clear();
  for (const removal of changes.removed) store.delete(removal.id);
  for (const listing of changes.listings)
    store.set({ id: listing.id, data: listing, digest: digest(listing) });
  if (changes.watermark) meta.set(WATERMARK, changes.watermark);
  return {
    mode: since === null ? 'full' : 'incremental',
    read: changes.listings.length,
    removed: changes.removed.length,
    total: store.keys().length,
  };
}

/** A listing of the snapshot and the digest of its row, made when the row was synced. */
export interface SnapshotEntry {
  data: Listing;
  digest: string;
}

/** A snapshot in memory: its entries by id and its sync metadata. */
export interface Snapshot {
  entries: Map<string, SnapshotEntry>;
  store: SnapshotStore;
  meta: SyncMeta;
}

/** A snapshot in memory, empty or holding what a file kept. */
export function memorySnapshot(
  entries = new Map<string, SnapshotEntry>(),
  values = new Map<string, string>(),
): Snapshot & { values: Map<string, string> } {
  return {
    entries,
    values,
    store: {
      set: ({ id, data, digest }) => void entries.set(id, { data, digest }),
      delete: (id) => void entries.delete(id),
      clear: () => entries.clear(),
      keys: () => [...entries.keys()],
    },
    meta: { get: (k) => values.get(k), set: (k, v) => void values.set(k, v) },
  };
}

// The file's layout; a file of another version is not read, and the next sync is a full one.
const FILE_VERSION = 1;
interface SnapshotFile {
  version: number;
  meta: Record<string, string>;
  entries: [id: string, digest: string, data: Listing][];
}

async function readSnapshotFile(file: string) {
  if (!existsSync(file)) return memorySnapshot();
  const kept = JSON.parse(await readFile(file, 'utf8')) as SnapshotFile;
  if (kept.version !== FILE_VERSION) return memorySnapshot();
  return memorySnapshot(
    new Map(kept.entries.map(([id, digest, data]) => [id, { data, digest }])),
    new Map(Object.entries(kept.meta)),
  );
}

/**
 * Syncs the snapshot kept in `file` (one JSON file in the build's cache folder, carried between builds: D5) and
 * writes it back when a listing changed, so that a build after no change reads it and writes nothing. Written to a
 * temporary name and renamed, so a build cut short leaves the previous file whole. Not Astro's content layer: it
 * puts its whole store into the server bundle as one JavaScript string, which Vite bundled and V8 compiled in every
 * build (docs/incremental-build.md, "The listings snapshot").
 */
export async function syncSnapshotFile(
  file: string,
  reader: PublicReader,
  digest: (listing: Listing) => string,
  options: { allowEmpty?: boolean } = {},
): Promise<{ entries: Map<string, SnapshotEntry>; report: SyncReport }> {
  const snapshot = await readSnapshotFile(file);
  const report = await syncListings(reader, snapshot.store, snapshot.meta, digest, options);
  // A sync that read and removed nothing leaves the listings as they are, and the horizon kept is still a safe
  // one to read from (an earlier horizon reads more, never less).
  if (report.mode === 'full' || report.read > 0 || report.removed > 0) {
    const kept: SnapshotFile = {
      version: FILE_VERSION,
      meta: Object.fromEntries(snapshot.values),
      entries: [...snapshot.entries].map(([id, { data, digest }]) => [id, digest, data]),
    };
    await mkdir(dirname(file), { recursive: true });
    await writeFile(`${file}.tmp`, JSON.stringify(kept));
    await rename(`${file}.tmp`, file);
  }
  return { entries: snapshot.entries, report };
}
