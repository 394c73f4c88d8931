import { z } from './z';

/**
 * The body the counting function reads (D35, docs/insights.md): loose on purpose, since an unknown kind or listing is
 * ignored (204), never refused; only a body that is not an event at all is a 400. Apart from the zod-free
 * src/domain/insights.ts, which the pages' beacon and the browse view load: zod stays out of their bundles.
 */
export const eventBodySchema = z.object({
  kind: z.string().max(20),
  listing: z.string().max(200).optional(),
  query: z.string().max(200).optional(),
  radius: z.number().int().min(0).max(1000).optional(),
});
