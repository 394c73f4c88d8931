import type { Config } from '@netlify/functions';
import { openPhotoStorage } from '../../src/data/photos/open';
import { openReviewStore } from '../../src/data/review-open';
import { openStaffStore } from '../../src/data/staff-open';
import type { FunctionContext } from '../../src/server/http';
import { createStaffHandler, createStaffPhotoHandler } from '../../src/server/staff/endpoint';
import { functionConfig, functionInsights, staffDelivery } from '../lib/deps';

const actions = createStaffHandler((context) => {
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
    insights: () => functionInsights(config),
    openReviews: () => openReviewStore(config.backend),
  };
});

const photos = createStaffPhotoHandler((context) => {
  const config = functionConfig(context);
  return {
    token: config.staffToken,
    openStore: () => openStaffStore(config.backend),
    photos: () => openPhotoStorage(config.photos),
  };
});

/**
 * Staff moderation over HTTP (src/server/staff/endpoint.ts): `POST /api/staff` with a staff session or the staff
 * bearer token; `GET /api/staff/photos/<id>/<file>` shows staff a photo that is not public yet.
 */
export default (req: Request, context?: FunctionContext) =>
  new URL(req.url).pathname.startsWith('/api/staff/photos/') ? photos(req, context) : actions(req, context);

export const config: Config = { path: ['/api/staff', '/api/staff/*'] };
