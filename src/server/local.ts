import type { Store } from '../data/store';
import { emailConfig } from './email/config';
import { transportFromEnv } from './email/transport';
import { startOutboxWorker } from './outbox';

/** The local server's outbox worker: retries due e-mails every 30 s with the transport from the environment. */
export function startLocalOutbox(store: Store, log: (line: string) => void = console.log) {
  const transport = transportFromEnv();
  log(`E-mail: ${transport.description}`);
  return startOutboxWorker(store, transport, { from: emailConfig().from, intervalMs: 30_000, log });
}
