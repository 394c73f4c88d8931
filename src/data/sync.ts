import type { Listing } from '../domain/schemas/listing';
import type { PublicReader } from './store';

/** The parts of Astro's content store the sync uses, so it can be tested without Astro. */
export interface SnapshotStore {
  set(entry: { id: string; data: Record<string, unknown>; digest?: string }): boolean;
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
