import { defineCollection } from 'astro:content';
import { openPublicReader } from './data/open';
import { syncListings } from './data/sync';
import { listingSchema } from './domain/schemas/listing';

/** Verified listings, synced incrementally from the store with the public's privileges (D1, D5, D8). */
const listings = defineCollection({
  loader: {
    name: 'glamping-listings',
    async load({ store, meta, logger, generateDigest }) {
      const reader = await openPublicReader();
      try {
        const report = await syncListings(reader, store, meta, (l) => generateDigest(l));
        logger.info(
          `${report.mode} sync: read ${report.read}, removed ${report.removed}, ${report.total} listings`,
        );
      } finally {
        await reader.close();
      }
    },
  },
  schema: listingSchema,
});

export const collections = { listings };
