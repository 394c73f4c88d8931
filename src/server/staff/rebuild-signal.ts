import type { StaffStore } from '../../data/staff-store';

/** What happened to the rebuild a public change asked for. */
export type RebuildOutcome = 'local' | 'hook-called' | 'hook-deferred' | 'hook-failed' | 'none';

/** The build hook is called at most once per window; a change inside it waits for the next call after it. */
export const HOOK_WINDOW_SECONDS = 60;

/**
 * Asks for a rebuild after a change of what is public (D5): the local server's rebuild loop when the action came
 * through it (`local`), else the Netlify build hook, throttled through the database so bursts make one call.
 */
export async function requestRebuild(
  store: StaffStore,
  hook: string | null,
  local?: () => void,
): Promise<RebuildOutcome> {
  if (local) {
    local();
    return 'local';
  }
  if (!hook) return 'none';
  if (!(await store.claimRebuild(HOOK_WINDOW_SECONDS))) return 'hook-deferred';
  return callHook(hook);
}

async function callHook(hook: string): Promise<RebuildOutcome> {
  try {
    const response = await fetch(hook, { method: 'POST', signal: AbortSignal.timeout(10_000) });
    return response.ok ? 'hook-called' : 'hook-failed';
  } catch {
    return 'hook-failed';
  }
}

/**
 * The trailing call of a burst: when a change was deferred inside the window and the window has passed, calls the
 * hook once. Run on a schedule (netlify/functions/staff-rebuild.ts), so the last change of a burst is never lost.
 */
export async function flushDeferredRebuild(
  store: StaffStore,
  hook: string | null,
  windowSeconds = HOOK_WINDOW_SECONDS,
): Promise<RebuildOutcome> {
  if (!hook || !(await store.claimPendingRebuild(windowSeconds))) return 'none';
  return callHook(hook);
}
