import type { Config } from '@netlify/functions';
import { openPhotoStorage } from '../../src/data/photos/open';
import { openStaffStore } from '../../src/data/staff-open';
import { createStaffHandler } from '../../src/server/staff/endpoint';
import { functionConfig, staffDelivery } from '../lib/deps';

/** Staff moderation over HTTP: `POST /api/staff` with the staff bearer token (src/server/staff/endpoint.ts). */
export default createStaffHandler((context) => {
  const config = functionConfig(context);
  return {
    token: config.staffToken,
    openStore: () => openStaffStore(config.backend),
    writesRefused: config.writesRefused,
    hookUrl: config.buildHookUrl,
    siteUrl: config.siteUrl,
    deliver: staffDelivery(config),
    localRebuild: context.local?.publicChanged,
    photos: () => openPhotoStorage(config.photos),
  };
});

export const config: Config = { path: ['/api/staff', '/api/staff/*'] };
