import type { Config } from '@netlify/functions';
import { openStaffStore } from '../../src/data/staff-open';
import type { FunctionContext } from '../../src/server/http';
import { describeRun, runRenewals } from '../../src/server/renewals';
import { functionConfig, staffDelivery } from '../lib/deps';

/** Daily: owners of listings verified over 12 months ago are asked "still accurate?" once; 60 days later, staff. */
export default async (_req: Request, context?: FunctionContext): Promise<Response> => {
  const config = functionConfig(context);
  const store = await openStaffStore(config.backend);
  try {
    const run = await runRenewals(store, {
      now: new Date(),
      siteUrl: config.siteUrl,
      deliver: staffDelivery(config),
    });
    console.log(`renewals: ${describeRun(run)}`);
  } finally {
    await store.close();
  }
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '@daily' };
