import type { Config } from '@netlify/functions';
import { openStaffStore } from '../../src/data/staff-open';
import { createOwnerInsightsHandler } from '../../src/server/insights/owner';
import { functionConfig, functionInsights } from '../lib/deps';

/** GET /api/owner/insights: the signed-in owner's figures (src/server/insights/owner.ts). */
export default createOwnerInsightsHandler((context) => {
  const config = functionConfig(context);
  return {
    openStore: () => openStaffStore(config.backend),
    insights: () => functionInsights(config),
    siteUrl: config.siteUrl,
  };
});

export const config: Config = { path: '/api/owner/insights' };
