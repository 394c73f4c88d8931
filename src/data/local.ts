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
