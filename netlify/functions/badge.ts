import type { Config } from '@netlify/functions';
import { createBadgeHandler } from '../../src/server/insights/badge';
import { functionConfig, functionInsights } from '../lib/deps';

/** GET /badge/<slug>.svg: a verified listing's embeddable badge (src/server/insights/badge.ts). */
export default createBadgeHandler((context) => {
  const config = functionConfig(context);
  return { store: () => functionInsights(config) };
});

export const config: Config = { path: '/badge/*' };
