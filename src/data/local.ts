import { openPglite } from './adapters/pglite';
import { backendFromEnv } from './config';
import { migrate } from './migrate';
import { openSql, provideEmbeddedDatabase } from './open';
import { generateSampleListings } from './sample/generate';
import { addSampleOwnerContacts, countListings, insertListings } from './seed';
import type { Sql } from './sql';

type Log = (line: string) => void;

/**
 * Loads the sample data (D9) when the database holds no listing at all; a database with listings is left alone.
 * Returns how many listings were inserted (0 when it kept what was there).
 */
export async function seedIfEmpty(sql: Sql, log: Log, options: { verified?: number } = {}): Promise<number> {
  const existing = await countListings(sql);
  if (existing > 0) {
    log(`Database has ${existing} listings: not reseeding (npm run seed reloads the sample data)`);
    return 0;
  }
  return loadSampleData(sql, log, options);
}

/** Inserts the deterministic sample listings, with owner contacts for those awaiting review; returns how many. */
export async function loadSampleData(
  sql: Sql,
  log: Log,
  options: { verified?: number } = {},
): Promise<number> {
  const listings = generateSampleListings(options);
  log(`Seeding ${listings.length} sample listings...`);
  await insertListings(sql, listings);
  await addSampleOwnerContacts(sql);
  const verified = listings.filter((l) => l.verification_status === 'verified').length;
  log(
    `Seeded ${listings.length} listings (${verified} verified, ${listings.length - verified} pending or rejected)`,
  );
  return listings.length;
}

// Folders made ready in this process: rebuilds in a running server skip the check (the build's modules are loaded
// afresh for every build, so the record lives on globalThis, as open.ts's registry does).
const READY = Symbol.for('glamping-directory.embedded-ready');
const scope = globalThis as { [READY]?: Set<string> };
scope[READY] ??= new Set();
const ready = scope[READY];

/**
 * Lets this process open the embedded database (PGLITE_DIR). Called by the local runtimes: every script
 * (scripts/lib/env.ts), so the functions `npm start` runs in-process share it, and the site build (below). Deployed
 * functions never import this module, so PGlite stays out of their bundles.
 */
export function enableEmbeddedDatabase(): void {
  provideEmbeddedDatabase(openPglite);
}

/**
 * Makes the embedded database usable wherever the site is built from it (astro build/check on a fresh clone):
 * migrated and, when empty, seeded, once per process. Other backends are never touched: their schema is managed
 * on their side.
 */
export async function ensureEmbeddedDatabase(log: Log, env = process.env): Promise<void> {
  const backend = backendFromEnv(env);
  if (backend.kind !== 'pglite') return;
  enableEmbeddedDatabase();
  if (ready.has(backend.dataDir)) return;
  const sql = await openSql(backend);
  try {
    const applied = await migrate(sql);
    if (applied.length > 0)
      log(`Embedded database ${backend.dataDir}: applied ${applied.length} migration(s)`);
    await seedIfEmpty(sql, log);
    ready.add(backend.dataDir);
  } finally {
    await sql.close();
  }
}
