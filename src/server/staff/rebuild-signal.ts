import type { RebuildClaim, StaffStore } from '../../data/staff-store';
import type { RebuildOutcome } from '../../domain/staff/rows';

/** What happened to the rebuild a public change asked for (declared with the staff rows: the console reads it). */
export type { RebuildOutcome };

/** The build hook is called at most once per window; a change inside it waits for the next call after it. */
export const HOOK_WINDOW_SECONDS = 60;

/** How long a build hook call may take before it counts as failed (Netlify answers in well under a second). */
export const HOOK_TIMEOUT_MS = 10_000;

export interface HookOptions {
  /** Window between hook calls, in seconds. */
  windowSeconds?: number;
  /** Time limit of one hook call, in milliseconds. */
  timeoutMs?: number;
}

/**
 * Asks for a rebuild after a change of what is public (D5): the local server's rebuild loop when the action came
 * through it (`local`), else the Netlify build hook, throttled through the database so bursts make one call. The
 * change stays pending until a call succeeds: a failed call is retried by the schedule (flushDeferredRebuild).
 */
export async function requestRebuild(
  store: StaffStore,
  hook: string | null,
  local?: () => void,
  options: HookOptions = {},
): Promise<RebuildOutcome> {
  if (local) {
    local();
    return 'local';
  }
  if (!hook) return 'none';
  const claim = await store.claimRebuild(options.windowSeconds ?? HOOK_WINDOW_SECONDS);
  if (claim === null) return 'hook-deferred';
  return callHook(store, hook, claim, options.timeoutMs ?? HOOK_TIMEOUT_MS);
}

/** Calls the hook; only a 2xx answer within the time limit acknowledges the claimed change. */
async function callHook(
  store: StaffStore,
  hook: string,
  claim: RebuildClaim,
  timeoutMs: number,
): Promise<RebuildOutcome> {
  try {
    const response = await fetch(hook, { method: 'POST', signal: AbortSignal.timeout(timeoutMs) });
    // The answer's body is not needed; dropping it frees the connection.
    await response.body?.cancel();
    if (!response.ok) return 'hook-failed';
  } catch {
    return 'hook-failed';
  }
  // Should this acknowledgement fail, the change stays pending: one more build later, never a lost one.
  await store.rebuildCalled(claim).catch(() => false);
  return 'hook-called';
}

/**
 * The trailing call of a burst, and the retry of a failed call: when a change still waits for a successful hook call
 * and the window has passed, calls the hook once. Run on a schedule (netlify/functions/staff-rebuild.ts), so the last
 * change of a burst, or one whose call failed, is never lost.
 */
export async function flushDeferredRebuild(
  store: StaffStore,
  hook: string | null,
  windowSeconds = HOOK_WINDOW_SECONDS,
  timeoutMs = HOOK_TIMEOUT_MS,
): Promise<RebuildOutcome> {
  if (!hook) return 'none';
  const claim = await store.claimPendingRebuild(windowSeconds);
  if (claim === null) return 'none';
  return callHook(store, hook, claim, timeoutMs);
}
