import type { Config } from '@netlify/functions';
import type { FunctionContext } from '../../src/server/http';
import { BACKGROUND_GRACE_MS, deliverDue } from '../../src/server/outbox';
import { functionConfig, functionStore, functionTransport } from '../lib/deps';

/**
 * The spec's send-property-notification, as a scheduled function: every 5 minutes it delivers the outbox e-mails
 * that are due (retries with backoff; a submission or a staff decision sends its own e-mails right away).
 */
export default async (_req: Request, context?: FunctionContext): Promise<Response> => {
  const config = functionConfig(context);
  const report = await deliverDue(await functionStore(config), functionTransport(config), {
    from: config.email.from,
    graceMs: BACKGROUND_GRACE_MS,
    log: console.log,
  });
  console.log(`send-property-notification: ${report.sent} sent, ${report.failed} to retry`);
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '*/5 * * * *' };
