import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { BLOG_CATEGORIES } from './blog';

// The listings are not a collection: the build keeps its own snapshot of them (src/data/snapshot.ts,
// docs/incremental-build.md, "The listings snapshot").

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

export const collections = { blog };
