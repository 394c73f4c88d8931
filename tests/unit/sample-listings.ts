import { generateSampleListings } from '../../scripts/lib/sample/generate';
import { type Listing, listingSchema } from '../../src/domain/schemas/listing';

/** The verified sample listings (seed 42 unless told) as the build reads them, newest first. */
export function sampleListings(options: Parameters<typeof generateSampleListings>[0] = {}): Listing[] {
  return generateSampleListings(options)
    .filter((l) => l.verification_status === 'verified')
    .map((l) => listingSchema.parse({ ...l, updated_at: l.created_at }))
    .sort((a, b) => (a.created_at < b.created_at ? 1 : -1));
}
