import { backendFromEnv } from '../../src/data/config';
import { migrate } from '../../src/data/migrate';
import { openSql } from '../../src/data/open';
import { generateSampleListings } from '../../src/data/sample/generate';
import { countListings, insertListings } from '../../src/data/seed';
import type { Sql } from '../../src/data/sql';
import { say } from './cli';

/** Opens the local SQL database (PGlite by default, or DATABASE_URL) and applies pending migrations. */
export async function prepareDatabase(): Promise<Sql | null> {
  const backend = backendFromEnv();
  if (backend.kind === 'supabase') {
    say('Using Supabase (migrations are applied with the Supabase CLI: see README)');
    return null;
  }
  say(
    backend.kind === 'pglite'
      ? `Opening embedded database in ${backend.dataDir}`
      : 'Connecting to DATABASE_URL',
  );
  const sql = await openSql(backend);
  const applied = await migrate(sql);
  say(applied.length ? `Migrated: applied ${applied.length} migration(s)` : 'Migrations: up to date');
  return sql;
}

/** Loads the sample data when the database holds no listing at all; a second start reuses what is there. */
export async function seedIfEmpty(sql: Sql, options: { verified?: number } = {}): Promise<void> {
  const existing = await countListings(sql);
  if (existing > 0) {
    say(`Database has ${existing} listings: not reseeding (npm run seed reloads the sample data)`);
    return;
  }
  const listings = generateSampleListings(options);
  say(`Seeding ${listings.length} sample listings...`);
  await insertListings(sql, listings);
  const verified = listings.filter((l) => l.verification_status === 'verified').length;
  say(
    `Seeded ${listings.length} listings (${verified} verified, ${listings.length - verified} pending or rejected)`,
  );
}
