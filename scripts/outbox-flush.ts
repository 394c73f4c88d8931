/**
 * npm run outbox:flush: delivers every outbox e-mail that is due now (SMTP_URL, or .eml files in EMAIL_OUTBOX_DIR)
 * and reports what stays queued. With the embedded database, stop `npm start` first: it delivers on its own, and
 * one folder can be opened by one process only.
 */
import { currentConfig } from '../src/config';
import { openStore } from '../src/data/open';
import { mailTransport } from '../src/server/email/transport';
import { deliverDue } from '../src/server/outbox';
import { runMain, say } from './lib/cli';

runMain(async () => {
  const config = currentConfig();
  const store = await openStore(config.backend);
  try {
    const transport = mailTransport(config.mail, say);
    say(`Delivering due e-mails via ${transport.description}`);
    const report = await deliverDue(store, transport, { from: config.email.from, log: say });
    say(`${report.sent} sent, ${report.failed} failed (retried later with backoff)`);
    if (report.failed > 0) process.exitCode = 1;
  } finally {
    await store.close();
  }
});
