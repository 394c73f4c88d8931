import type { AppConfig } from '../../src/config';
import { openAlertStore } from '../../src/data/alert-open';
import { openStore } from '../../src/data/open';
import { runAlerts, servedOn } from '../../src/server/alerts/run';
import { mailTransport } from '../../src/server/email/transport';
import { errorText } from '../../src/server/log';

/**
 * The local runtime's alert run, after each rebuild is served (docs/saved-searches.md): the listings the new build
 * published are checked, their pages read from the local server at `origin`. A failure is logged and the queue kept:
 * the next rebuild's run checks the same listings.
 */
export async function runLocalAlerts(
  config: AppConfig,
  origin: string,
  log: (line: string) => void = console.log,
) {
  try {
    const alerts = await openAlertStore(config.backend);
    const outbox = await openStore(config.backend);
    try {
      const report = await runAlerts({
        alerts,
        outbox,
        transport: mailTransport(config.mail, log),
        email: config.email,
        siteUrl: config.siteUrl ?? origin,
        // Pages are read where this run serves them, whatever origin the e-mails' links name.
        isServed: servedOn(origin),
        log,
      });
      if (report.checked + report.digests > 0)
        log(
          `Alerts: ${report.checked} new listings checked, ${report.emails} alerts and ${report.digests} digests`,
        );
    } finally {
      await outbox.close();
      await alerts.close();
    }
  } catch (error) {
    log(`Alerts: not checked this time (${errorText(error)}); the next rebuild checks again`);
  }
}
