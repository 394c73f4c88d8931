import type { Config } from '@netlify/functions';
import { openStaffStore } from '../../src/data/staff-open';
import { createAuthHandler } from '../../src/server/auth/endpoints';
import { functionConfig, staffDelivery } from '../lib/deps';

/** Sign-in by e-mailed link for the staff console (src/server/auth/endpoints.ts). */
export default createAuthHandler((context) => {
  const config = functionConfig(context);
  return {
    openStore: () => openStaffStore(config.backend),
    staffEmails: config.staffEmails,
    siteUrl: config.siteUrl,
    deliver: staffDelivery(config),
  };
});

// A literal: Netlify reads this object from the source without running it (src/server/auth/endpoints.ts routes them).
export const config: Config = {
  path: ['/api/auth/sign-in', '/api/auth/confirm', '/api/auth/sign-out', '/api/auth/session'],
};
