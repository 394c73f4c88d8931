import type { StaffStore } from '../../data/staff-store';

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

/**
 * Asks for a rebuild after a change of what is public (D5): the in-process loop when the local server runs, else
 * the Netlify build hook (NETLIFY_BUILD_HOOK_URL), throttled through the database so bursts make one call.
 */
export async function requestRebuild(store: StaffStore, hook: string | null): Promise<RebuildOutcome> {
  const local = scope[LISTENER];
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
