import type { Config } from '@netlify/functions';
import { openStaffStore } from '../../src/data/staff-open';
import type { FunctionContext } from '../../src/server/http';
import { flushDeferredRebuild } from '../../src/server/staff/rebuild-signal';
import { functionConfig } from '../lib/deps';

/**
 * Every minute: calls the build hook for a public change still waiting for a successful call (D5): one that came
 * inside the previous call's window, or whose call was refused, failed or timed out. A burst of staff actions makes
 * one build at its start and one after its end, and a failing hook is retried until it answers, never a lost change.
 */
export default async (_req: Request, context?: FunctionContext): Promise<Response> => {
  const config = functionConfig(context);
  const store = await openStaffStore(config.backend);
  try {
    const outcome = await flushDeferredRebuild(store, config.buildHookUrl);
    if (outcome !== 'none') console.log(`staff-rebuild: pending change, ${outcome}`);
  } finally {
    await store.close();
  }
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '* * * * *' };
