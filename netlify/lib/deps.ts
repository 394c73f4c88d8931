import { openStore } from '../../src/data/open';
import type { Store } from '../../src/data/store';
import { emailConfig } from '../../src/server/email/config';
import { transportFromEnv } from '../../src/server/email/transport';
import { slidingWindowLimiter } from '../../src/server/rate-limit';
import type { WriteDeps } from '../../src/server/submissions';

let opening: Promise<Store> | null = null;

/**
 * The server's store, opened once per function instance. Locally the functions run inside the server's process,
 * so the embedded database instance is shared with it (src/data/open.ts).
 */
export function functionStore(): Promise<Store> {
  if (!opening) {
    opening = openStore();
    // A failed open (database down) is retried by the next request instead of being cached.
    opening.catch(() => {
      opening = null;
    });
  }
  return opening;
}

/** Everything a form function needs, from the environment; `perMinute` requests per client and minute. */
export function depsFromEnv(perMinute: number): WriteDeps {
  return {
    store: functionStore,
    transport: transportFromEnv(),
    email: emailConfig(),
    rateLimit: slidingWindowLimiter({ limit: perMinute, windowMs: 60_000 }),
  };
}
