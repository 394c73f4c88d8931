import type { Config } from '@netlify/functions';
import { openAlertStore } from '../../src/data/alert-open';
import { runAlerts } from '../../src/server/alerts/run';
import type { FunctionContext } from '../../src/server/http';
import { functionConfig, functionStore, functionTransport } from '../lib/deps';

/**
 * Every 5 minutes: the alert check after a publish and the weekly digests (docs/saved-searches.md). A listing staff
 * verified is checked once its page answers on the live site, that is once the deploy that publishes it is live;
 * the run is idempotent, so an overlap or a retry sends nobody a second copy.
 */
export default async (_req: Request, context?: FunctionContext): Promise<Response> => {
  const config = functionConfig(context);
  if (!config.siteUrl) {
    console.log('saved-search-alerts: SITE_URL is not set, nothing checked');
    return new Response(null, { status: 204 });
  }
  const alerts = await openAlertStore(config.backend);
  try {
    const report = await runAlerts({
      alerts,
      outbox: await functionStore(config),
      transport: functionTransport(config),
      email: config.email,
      siteUrl: config.siteUrl,
      log: console.log,
    });
    if (report.checked + report.digests > 0)
      console.log(
        `saved-search-alerts: ${report.checked} listings checked, ${report.emails} alerts and ${report.digests} digests sent`,
      );
  } finally {
    await alerts.close();
  }
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '*/5 * * * *' };
