/**
 * Work a function does after its answer: sending the e-mail a request stored. A "we sent you a link" endpoint
 * (sign-in, newsletter, claim) answers once the row and its e-mail are in the database, before anything is sent, so
 * the time of the answer does not tell whether the address is on file. The pipeline (./http.ts) starts the work
 * once the handler is done, database connection released; on Netlify the platform keeps the instance alive for it
 * (context.waitUntil), locally the server's process does. What fails stays in the outbox for the worker.
 */
import type { FunctionContext } from './http';
import { errorText } from './log';

type Work = { work: () => Promise<unknown>; log: (line: string) => void };
const queued = new WeakMap<FunctionContext, Work[]>();
const pending = new Set<Promise<void>>();

/** Queues `work` to run once this request's answer is ready; a failure is logged (the outbox retries it). */
export function afterResponse(
  context: FunctionContext,
  work: () => Promise<unknown>,
  log: (line: string) => void = console.error,
): void {
  const list = queued.get(context) ?? [];
  list.push({ work, log });
  queued.set(context, list);
}

/** Starts the work queued for a request whose answer is ready (called by the pipeline). */
export function startAfterResponse(context: FunctionContext): void {
  const list = queued.get(context);
  if (!list) return;
  queued.delete(context);
  for (const { work, log } of list) {
    const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .then(
        () => {},
        (error: unknown) => log(`Work after the answer failed, the outbox will retry: ${errorText(error)}`),
      )
      .finally(() => pending.delete(run));
    pending.add(run);
    context.waitUntil?.(run);
  }
}

/** Resolves once every piece of work started after an answer is done (tests, a server closing). */
export async function afterResponseSettled(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
