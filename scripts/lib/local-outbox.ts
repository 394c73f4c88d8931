import type { AppConfig } from '../../src/config';
import type { Store } from '../../src/data/store';
import { mailTransport } from '../../src/server/email/transport';
import { startOutboxWorker } from '../../src/server/outbox';

/** The local server's outbox worker: retries due e-mails every 30 s with the transport from the environment. */
export function startLocalOutbox(store: Store, config: AppConfig, log: (line: string) => void = console.log) {
  const transport = mailTransport(config.mail, log);
  log(`E-mail: ${transport.description}`);
  return startOutboxWorker(store, transport, { from: config.email.from, intervalMs: 30_000, log });
}
