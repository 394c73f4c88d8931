import type { Config } from '@netlify/functions';
import type { FunctionContext } from '../../src/server/http';
import { runMonthlyInsights } from '../../src/server/insights/monthly';
import { functionConfig, functionInsights } from '../lib/deps';

/** Monthly: each owner gets last month's figures once, with a one-click opt-out (src/server/insights/monthly.ts). */
export default async (_req: Request, context?: FunctionContext): Promise<Response> => {
  const config = functionConfig(context);
  // Queued in the outbox; the scheduled outbox worker (send-property-notification) delivers and retries them.
  const queued = await runMonthlyInsights(await functionInsights(config), {
    now: new Date(),
    siteUrl: config.siteUrl ?? '',
  });
  console.log(`insights-monthly: ${queued} figures e-mail(s) queued`);
  return new Response(null, { status: 204 });
};

// The 2nd at 09:00 UTC: the month before is complete in every US time zone.
export const config: Config = { schedule: '0 9 2 * *' };
