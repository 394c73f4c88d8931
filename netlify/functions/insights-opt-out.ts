import type { Config } from '@netlify/functions';
import { createOptOutHandler } from '../../src/server/insights/monthly';
import { slidingWindowLimiter } from '../../src/server/rate-limit';
import { functionConfig, functionInsights } from '../lib/deps';

/** GET|POST /api/insights/opt-out?token=: no more monthly figures e-mail, one click, no sign-in. */
export default createOptOutHandler(
  (context) => {
    const config = functionConfig(context);
    return { store: () => functionInsights(config) };
  },
  slidingWindowLimiter({ limit: 20, windowMs: 60_000 }),
);

export const config: Config = { path: '/api/insights/opt-out' };
