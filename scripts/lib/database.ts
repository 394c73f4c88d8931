import { currentConfig } from '../../src/config';
import { openSql } from '../../src/data/open';
import { localPhotoStorage } from '../../src/data/photos/local';
import type { Sql } from '../../src/data/sql';
import { StopError, say } from './cli';
import { migrate } from './migrate';
import { type SeedOptions, seedIfEmpty as seedLocal } from './sample/load';
import { samplePhotoPool } from './sample/photos';

/** Opens the local SQL database (PGlite by default, or DATABASE_URL) and applies pending migrations. */
export async function prepareDatabase(): Promise<Sql | null> {
  const { backend } = currentConfig();
  if (backend.kind === 'postgres' && backend.supabase) {
    say("Using Supabase's database (migrations are applied with the Supabase CLI: see docs/deploying.md)");
    return null;
  }
  say(
    backend.kind === 'pglite'
      ? `Opening embedded database in ${backend.dataDir}`
      : 'Connecting to DATABASE_URL',
  );
  const sql = await openSql(backend);
  let applied: string[];
  try {
    applied = await migrate(sql);
  } catch (error) {
    await sql.close().catch(() => {});
    if (backend.kind === 'pglite') throw error;
    // The server is down or refuses us: one line naming the setting, not a stack trace.
    throw new StopError(`Cannot use the database at DATABASE_URL: ${(error as Error)?.message ?? error}`);
  }
  say(applied.length ? `Migrated: applied ${applied.length} migration(s)` : 'Migrations: up to date');
  return sql;
}

/** Sample photos go into the local photo folder; a deploy's storage is never filled with samples. */
export function samplePhotos(): SeedOptions['photoPool'] {
  const { photos } = currentConfig();
  return photos.kind === 'folder' ? () => samplePhotoPool(localPhotoStorage(photos.dir)) : undefined;
}

/** Loads the sample data when the database holds no listing at all; a second start reuses what is there. */
export async function seedIfEmpty(sql: Sql, options: { verified?: number } = {}): Promise<void> {
  const photoPool = samplePhotos();
  await seedLocal(sql, say, { ...options, ...(photoPool ? { photoPool } : {}) });
}
