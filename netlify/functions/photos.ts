import type { Config } from '@netlify/functions';
import { openPhotoStorage } from '../../src/data/photos/open';
import { createPhotoUploadHandler } from '../../src/server/photos/upload';
import { slidingWindowLimiter } from '../../src/server/rate-limit';
import { functionConfig, functionStore } from '../lib/deps';

// Eight photos and a few retries per owner and minute.
const perClient = slidingWindowLimiter({ limit: 20, windowMs: 60_000 });

/** One photo of a submission: POST /api/photos with the file as the body (src/server/photos/upload.ts). */
export default createPhotoUploadHandler((context) => {
  const config = functionConfig(context);
  return {
    store: () => functionStore(config),
    storage: () => openPhotoStorage(config.photos),
    writesRefused: config.writesRefused,
  };
}, perClient);

export const config: Config = { path: '/api/photos' };
