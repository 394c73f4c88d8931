import { openStaffStore } from '../../src/data/staff-open';
import { flushDeferredRebuild } from '../../src/server/staff/rebuild-signal';

/**
 * Every minute: calls the build hook for a public change that came inside the previous call's window (D5), so a
 * burst of staff actions makes one build at its start and one after its end, never a lost change.
 */
export default async (): Promise<Response> => {
  const store = await openStaffStore();
  try {
    const outcome = await flushDeferredRebuild(store);
    if (outcome !== 'none') console.log(`staff-rebuild: deferred change, ${outcome}`);
  } finally {
    await store.close();
  }
  return new Response(null, { status: 204 });
};

export const config = { schedule: '* * * * *' };
