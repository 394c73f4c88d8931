import type { Config } from '@netlify/functions';
import type { AppConfig } from '../../src/config';
import { openAlertStore } from '../../src/data/alert-open';
import type { AlertStore } from '../../src/data/alert-store';
import { createAlertHandler, createAlertLinkHandler } from '../../src/server/alerts/handlers';
import type { FunctionContext } from '../../src/server/http';
import { slidingWindowLimiter } from '../../src/server/rate-limit';
import { formDeps, functionConfig } from '../lib/deps';

// The alert store, opened once per function instance (a failed open is retried by the next request).
let opening: { config: AppConfig; store: Promise<AlertStore> } | null = null;
function alertStore(config: AppConfig): Promise<AlertStore> {
  if (opening?.config !== config) {
    const store = openAlertStore(config.backend);
    opening = { config, store };
    store.catch(() => {
      if (opening?.store === store) opening = null;
    });
  }
  return opening.store;
}

const formSource = formDeps(5);
const create = createAlertHandler((context) => {
  const config = functionConfig(context);
  return { ...formSource(context), alerts: () => alertStore(config), siteUrl: config.siteUrl };
});
const links = createAlertLinkHandler(
  (context) => {
    const config = functionConfig(context);
    return { alerts: () => alertStore(config) };
  },
  slidingWindowLimiter({ limit: 30, windowMs: 60_000 }),
);

/**
 * Saved-search alerts (docs/saved-searches.md): POST /api/alerts saves a browse view's filters (pending, double
 * opt-in); /api/alerts/confirm, /api/alerts/unsubscribe and /api/alerts/manage are the links its e-mails carry.
 */
export default (req: Request, context?: FunctionContext) =>
  new URL(req.url).pathname === '/api/alerts' ? create(req, context) : links(req, context);

export const config: Config = {
  path: ['/api/alerts', '/api/alerts/confirm', '/api/alerts/unsubscribe', '/api/alerts/manage'],
};
