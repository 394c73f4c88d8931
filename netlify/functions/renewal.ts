import type { Config } from '@netlify/functions';
import { openStaffStore } from '../../src/data/staff-open';
import { createRenewalHandler } from '../../src/server/renewals';
import { functionConfig } from '../lib/deps';

/** The owner's one-click "still accurate" from the renewal e-mail (src/server/renewals.ts). */
export default createRenewalHandler((context) => {
  const config = functionConfig(context);
  return {
    openStore: () => openStaffStore(config.backend),
    hookUrl: config.buildHookUrl,
    localRebuild: context.local?.publicChanged,
  };
});

export const config: Config = { path: '/api/renewal/confirm' };
