import type { OutboxItem, Store } from '../data/store';
import { printable } from '../domain/text';
import type { MailTransport } from './email/transport';

type OutboxStore = Pick<Store, 'dueEmails' | 'markEmailSent' | 'markEmailFailed'>;

const MINUTE = 60_000;
/** Longest wait between two attempts at one message. */
export const MAX_BACKOFF_MS = 6 * 60 * MINUTE;

/** Wait before the next attempt after `failures` failed ones: 1 min, 2, 4, ... capped at 6 h. */
export function backoffMs(failures: number): number {
  return Math.min(MINUTE * 2 ** Math.max(0, failures - 1), MAX_BACKOFF_MS);
}

/**
 * Background deliverers look only at messages due for this long. A function delivers its own fresh messages right
 * after commit, so this keeps a background pass from picking the same message up at the same moment.
 */
export const BACKGROUND_GRACE_MS = MINUTE;

/** Options of {@link deliverDue}. */
export interface DeliverOptions {
  from: string;
  now?: Date;
  limit?: number;
  /** Only messages caused by this row (a function delivering its own e-mails). */
  relatedId?: string;
  /** Skip messages that became due less than this long ago (background passes). */
  graceMs?: number;
  log?: (line: string) => void;
}

/** What one pass did. */
export interface DeliveryReport {
  sent: number;
  failed: number;
}

// One pass over every due message at a time per process: two overlapping ones (a timer and a flush) would both read
// the same rows. A pass for one row's messages reads only those: a function's own, just committed, which background
// passes leave alone for BACKGROUND_GRACE_MS. Such passes need not wait for each other, or for a background pass: under
// a burst of submissions, each waiting for every earlier one's e-mails kept the last answer waiting for seconds.
const LOCK = Symbol.for('glamping-directory.outbox-lock');
const scope = globalThis as { [LOCK]?: Promise<unknown> };

function serialized<T>(fn: () => Promise<T>): Promise<T> {
  const run = (scope[LOCK] ?? Promise.resolve()).then(fn, fn);
  scope[LOCK] = run.catch(() => {});
  return run;
}

async function deliverOne(store: OutboxStore, transport: MailTransport, item: OutboxItem, o: DeliverOptions) {
  try {
    await transport.send({
      from: o.from,
      to: item.to_address,
      subject: item.subject,
      text: item.text_body,
      html: item.html_body,
      ...(item.headers ? { headers: item.headers } : {}),
    });
  } catch (error) {
    const next = new Date((o.now ?? new Date()).getTime() + backoffMs(item.attempts + 1));
    await store.markEmailFailed(item.id, String((error as Error)?.message ?? error), next);
    o.log?.(
      `E-mail ${item.id} to ${printable(item.to_address)} failed (attempt ${item.attempts + 1}); retry at ${next.toISOString()}`,
    );
    return false;
  }
  await store.markEmailSent(item.id);
  return true;
}

/** Sends every due outbox message once; failures are rescheduled with exponential backoff. */
export function deliverDue(store: OutboxStore, transport: MailTransport, options: DeliverOptions) {
  const pass = async (): Promise<DeliveryReport> => {
    const now = options.now ?? new Date();
    const cutoff = new Date(now.getTime() - (options.graceMs ?? 0));
    const due = await store.dueEmails(options.limit ?? 200, cutoff, options.relatedId);
    const report: DeliveryReport = { sent: 0, failed: 0 };
    for (const item of due) {
      if (await deliverOne(store, transport, item, { ...options, now })) report.sent += 1;
      else report.failed += 1;
    }
    return report;
  };
  return options.relatedId === undefined ? serialized(pass) : pass();
}

/** Options of {@link startOutboxWorker}. */
export interface WorkerOptions {
  from: string;
  intervalMs?: number;
  log?: (line: string) => void;
}

/** Delivers due e-mails every `intervalMs` in this process (local server); returns a function that stops it. */
export function startOutboxWorker(store: OutboxStore, transport: MailTransport, options: WorkerOptions) {
  const log = options.log ?? console.log;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = deliverDue(store, transport, { from: options.from, graceMs: BACKGROUND_GRACE_MS, log })
      .then((r) => r.sent + r.failed > 0 && log(`Outbox: ${r.sent} sent, ${r.failed} to retry`))
      .catch((error: Error) => log(`Outbox: database unavailable (${printable(error.message)}); will retry`));
  };
  const timer = setInterval(tick, options.intervalMs ?? 30_000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
