import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { BLOG_CATEGORIES } from './blog';
import { currentConfig } from './config';
import { enableEmbeddedDatabase } from './data/embedded';
import { openPublicReader } from './data/open';
import { syncListings } from './data/sync';
import { listingSchema } from './domain/schemas/listing';

const NEVER_STORED = '\u0000';

/**
 * Verified listings, synced incrementally from the store with the public's privileges (D1, D5, D8). The database
 * must be ready: npm scripts prepare the embedded one explicitly (scripts/prepare.ts); a server's schema is managed
 * on its side.
 */
const listings = defineCollection({
  loader: {
    name: 'glamping-listings',
    async load({ store, meta, logger, generateDigest }) {
      const config = currentConfig();
      if (config.backend.kind === 'pglite') enableEmbeddedDatabase();
      const reader = await openPublicReader(config.backend);
      try {
        const report = await syncListings(reader, store, meta, (l) => generateDigest(l), {
          allowEmpty: config.allowEmptyDirectory,
        });
        // Astro spells the (empty) .astro/content-assets.mjs differently when a sync deleted or cleared entries than
        // when it did not, and that file is part of every page's incremental-build hash: the build after a full sync
        // or a removal would re-render every page. Deleting an id never stored makes every build spell it one way.
        store.delete(NEVER_STORED);
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

/** Sample blog articles (D20), one Markdown file each; the file name is the URL slug. */
const blog = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/blog' }),
  schema: z.object({
    title: z.string().min(1).max(120),
    description: z.string().min(1).max(240),
    category: z.enum(BLOG_CATEGORIES),
    publishedAt: z.coerce.date(),
    author: z.string().min(1),
    featured: z.boolean().default(false),
  }),
});

export const collections = { listings, blog };
