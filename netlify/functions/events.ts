import type { Config } from '@netlify/functions';
import { createCountHandler } from '../../src/server/insights/count';
import { functionConfig, functionInsights } from '../lib/deps';

/** POST /api/events: one event of the public pages, counted without knowing who sent it (D35, docs/insights.md). */
export default createCountHandler((context) => {
  const config = functionConfig(context);
  return { store: () => functionInsights(config) };
});

export const config: Config = { path: '/api/events' };
