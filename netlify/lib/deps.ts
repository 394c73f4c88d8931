/**
 * What the functions share: the configuration (read once per instance, src/config.ts), the server's store opened
 * once per instance, and the e-mail transport. Function files stay a few lines each.
 */
import { type AppConfig, currentConfig } from '../../src/config';
import { openInsightsStore } from '../../src/data/insights-sql';
import type { InsightsStore } from '../../src/data/insights-store';
import { openStore } from '../../src/data/open';
import type { Store } from '../../src/data/store';
import { type MailTransport, mailTransport } from '../../src/server/email/transport';
import type { FunctionContext } from '../../src/server/http';
import { sitePlaces } from '../../src/server/places';
import { slidingWindowLimiter } from '../../src/server/rate-limit';
import { notifyNow, type WriteDeps } from '../../src/server/submissions';

/** The configuration for a request: on Netlify the deploy context comes from the request's Context object. */
export function functionConfig(context?: FunctionContext): AppConfig {
  const deployContext = context?.deploy?.context;
  const env = deployContext ? { ...process.env, CONTEXT: deployContext } : process.env;
  // Locally, with no public origin configured, links point at the server's own listening address.
  const own = context?.localOrigin;
  return currentConfig(own && !env.SITE_URL && !env.URL ? { ...env, SITE_URL: own } : env);
}

let opening: { config: AppConfig; store: Promise<Store> } | null = null;

/**
 * The server's store, opened once per function instance. Locally the functions run inside the server's process,
 * so the embedded database instance is shared with it (src/data/open.ts).
 */
export function functionStore(config: AppConfig): Promise<Store> {
  if (opening?.config !== config) {
    const store = openStore(config.backend);
    opening = { config, store };
    // A failed open (database down) is retried by the next request instead of being cached.
    store.catch(() => {
      if (opening?.store === store) opening = null;
    });
  }
  return opening.store;
}

const transports = new WeakMap<AppConfig, MailTransport>();

/** The e-mail transport of a configuration, made once. */
export function functionTransport(config: AppConfig): MailTransport {
  let transport = transports.get(config);
  if (!transport) {
    transport = mailTransport(config.mail);
    transports.set(config, transport);
  }
  return transport;
}

/** Everything a form function needs, per request; `perMinute` requests per client and minute. */
export function formDeps(perMinute: number): (context?: FunctionContext) => WriteDeps {
  const rateLimit = slidingWindowLimiter({ limit: perMinute, windowMs: 60_000 });
  return (context) => {
    const config = functionConfig(context);
    return {
      store: () => functionStore(config),
      transport: functionTransport(config),
      email: config.email,
      rateLimit,
      writesRefused: config.writesRefused,
      // The site's own gazetteer pieces, from its configured origin (never the request's Host).
      places: () => sitePlaces(config.siteUrl),
    };
  };
}

/** Sends a staff action's e-mail (publish, reject) right after the change; the outbox retries what fails. */
export function staffDelivery(config: AppConfig) {
  return async (relatedId: string) =>
    notifyNow(
      { transport: functionTransport(config), email: config.email },
      await functionStore(config),
      relatedId,
      1,
    );
}

let insights: { config: AppConfig; store: Promise<InsightsStore> } | null = null;

/** The insights store (D35), opened once per function instance like the server's store, and never closed by a request. */
export function functionInsights(config: AppConfig): Promise<InsightsStore> {
  if (insights?.config !== config) {
    const store = openInsightsStore(config.backend);
    insights = { config, store };
    store.catch(() => {
      if (insights?.store === store) insights = null;
    });
  }
  return insights.store;
}
