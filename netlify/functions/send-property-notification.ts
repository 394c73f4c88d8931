import { emailConfig } from '../../src/server/email/config';
import { transportFromEnv } from '../../src/server/email/transport';
import { BACKGROUND_GRACE_MS, deliverDue } from '../../src/server/outbox';
import { functionStore } from '../lib/deps';

/**
 * The spec's send-property-notification, as a scheduled function: every 5 minutes it delivers the outbox e-mails
 * that are due (retries with backoff; a submission sends its own e-mails right after it is stored).
 */
export default async (): Promise<Response> => {
  const store = await functionStore();
  const report = await deliverDue(store, transportFromEnv(), {
    from: emailConfig().from,
    graceMs: BACKGROUND_GRACE_MS,
    log: console.log,
  });
  console.log(`send-property-notification: ${report.sent} sent, ${report.failed} to retry`);
  return new Response(null, { status: 204 });
};

export const config = { schedule: '*/5 * * * *' };
