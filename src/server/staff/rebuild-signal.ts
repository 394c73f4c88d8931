import type { RebuildClaim, StaffStore } from '../../data/staff-store';

/** What happened to the rebuild a public change asked for. */
export type RebuildOutcome = 'local' | 'hook-called' | 'hook-deferred' | 'hook-failed' | 'none';

// The local server registers its rebuild loop here; the staff function (a module the server loads, maybe through
// another loader) finds it through a process-wide symbol.
const LISTENER = Symbol.for('glamping-directory.rebuild-listener');
const scope = globalThis as { [LISTENER]?: () => void };

/** The local server's rebuild loop listens here (scripts/lib/rebuild.ts); returns a function that stops listening. */
export function onPublicChange(listener: () => void): () => void {
  scope[LISTENER] = listener;
  return () => {
    if (scope[LISTENER] === listener) delete scope[LISTENER];
  };
}

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
 * Asks for a rebuild after a change of what is public (D5): the in-process loop when the local server runs, else
 * the Netlify build hook (NETLIFY_BUILD_HOOK_URL), throttled through the database so bursts make one call. The change
 * stays pending until a call succeeds: a failed call is retried by the schedule (flushDeferredRebuild).
 */
export async function requestRebuild(
  store: StaffStore,
  env = process.env,
  options: HookOptions = {},
): Promise<RebuildOutcome> {
  const local = scope[LISTENER];
  if (local) {
    local();
    return 'local';
  }
  const hook = env.NETLIFY_BUILD_HOOK_URL?.trim();
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
  env = process.env,
  windowSeconds = HOOK_WINDOW_SECONDS,
  timeoutMs = HOOK_TIMEOUT_MS,
): Promise<RebuildOutcome> {
  const hook = env.NETLIFY_BUILD_HOOK_URL?.trim();
  if (!hook) return 'none';
  const claim = await store.claimPendingRebuild(windowSeconds);
  if (claim === null) return 'none';
  return callHook(store, hook, claim, timeoutMs);
}
