import type { Sql } from '../../../src/data/sql';
import type { ListingPhoto } from '../../../src/domain/schemas/listing';
import { insertSampleReviews } from '../review-seed';
import { addSampleOwnerContacts, countListings, insertListings } from '../seed';
import { generateSampleListings } from './generate';
import { generateSampleReviews } from './reviews';

type Log = (line: string) => void;

/**
 * Loads the sample data (D9) when the database holds no listing at all; a database with listings is left alone.
 * Returns how many listings were inserted (0 when it kept what was there).
 */
/** Seeding options: how many verified listings, and the photos to hand out (none: no photos). */
export interface SeedOptions {
  verified?: number;
  photoPool?: () => Promise<readonly ListingPhoto[]>;
}

export async function seedIfEmpty(sql: Sql, log: Log, options: SeedOptions = {}): Promise<number> {
  const existing = await countListings(sql);
  if (existing > 0) {
    log(`Database has ${existing} listings: not reseeding (npm run seed reloads the sample data)`);
    return 0;
  }
  return loadSampleData(sql, log, options);
}

/** Inserts the deterministic sample listings, with owner contacts for those awaiting review; returns how many. */
export async function loadSampleData(sql: Sql, log: Log, options: SeedOptions = {}): Promise<number> {
  const photoPool = options.photoPool ? await options.photoPool() : [];
  if (photoPool.length) log(`Drew ${photoPool.length} sample photos`);
  const listings = generateSampleListings({
    ...(options.verified === undefined ? {} : { verified: options.verified }),
    photoPool,
  });
  log(`Seeding ${listings.length} sample listings...`);
  await insertListings(sql, listings);
  await addSampleOwnerContacts(sql);
  const reviews = await insertSampleReviews(sql, generateSampleReviews(listings));
  log(`Seeded ${reviews} sample reviews`);
  const verified = listings.filter((l) => l.verification_status === 'verified').length;
  log(
    `Seeded ${listings.length} listings (${verified} verified, ${listings.length - verified} pending or rejected)`,
  );
  return listings.length;
}
