import type { Config } from '@netlify/functions';
import { openStaffStore } from '../../src/data/staff-open';
import { createOwnerHandler } from '../../src/server/owner/endpoint';
import { functionConfig, staffDelivery } from '../lib/deps';

/** Owners claim, edit and unpublish their listings (src/server/owner/endpoint.ts). */
export default createOwnerHandler((context) => {
  const config = functionConfig(context);
  return {
    openStore: () => openStaffStore(config.backend),
    siteUrl: config.siteUrl,
    staffEmail: config.email.staff,
    deliver: staffDelivery(config),
    writesRefused: config.writesRefused,
  };
});

// A literal: Netlify reads this object from the source without running it.
export const config: Config = {
  path: ['/api/owner/claim', '/api/owner/listings', '/api/owner/edit', '/api/owner/unpublish'],
};
