import type { Config } from '@netlify/functions';
import { openReviewStore } from '../../src/data/review-open';
import { openStaffStore } from '../../src/data/staff-open';
import { slidingWindowLimiter } from '../../src/server/rate-limit';
import { createReviewHandler } from '../../src/server/reviews/endpoint';
import { functionConfig, staffDelivery } from '../lib/deps';

const rateLimit = slidingWindowLimiter({ limit: 10, windowMs: 60_000 });

/** Travelers' reviews: write, confirm, edit, withdraw, report; owners' replies (src/server/reviews/). */
export default createReviewHandler((context) => {
  const config = functionConfig(context);
  return {
    openReviews: () => openReviewStore(config.backend),
    openStaff: () => openStaffStore(config.backend),
    siteUrl: config.siteUrl,
    deliver: staffDelivery(config),
    rateLimit,
    writesRefused: config.writesRefused,
    hookUrl: config.buildHookUrl,
    localRebuild: context.local?.publicChanged,
  };
});

// A literal: Netlify reads this object from the source without running it.
export const config: Config = {
  path: [
    '/api/reviews',
    '/api/reviews/link-request',
    '/api/reviews/link',
    '/api/reviews/confirm',
    '/api/reviews/edit',
    '/api/reviews/withdraw',
    '/api/reviews/report',
    '/api/reviews/owner',
    '/api/reviews/reply',
  ],
};
