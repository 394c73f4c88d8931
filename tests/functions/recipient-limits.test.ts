import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import authHandler from '../../netlify/functions/auth';
import newsletterHandler from '../../netlify/functions/newsletter';
import submitHandler from '../../netlify/functions/submit-listing';
import { sqlStore } from '../../src/data/sql-store';
import { sqlStaffStore } from '../../src/data/staff-sql';
import { submitPending } from '../db/fixtures';
import { type FunctionEnv, functionEnv } from './function-env';
import { emailsTo, validSubmission } from './support';

/** "A few" e-mails a day to one address, whatever the number of clients asking. */
const A_FEW = 5;
let env: FunctionEnv;
let client = 0;

beforeAll(async () => {
  env = await functionEnv('recipient-fn');
  // Olive owns a listing, so she may sign in.
  const listing = await submitPending(sqlStore(env.sql), 'Elm Tents');
  await sqlStaffStore(env.sql).setStatus(listing.id, 'verified', 'test', null, null);
});
afterAll(() => env?.close());

/** A request from a client never seen before (each its own address, as a botnet's). */
const fresh = (path: string, body: unknown) => {
  client += 1;
  return new Request(`http://localhost:4321${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `100.64.${client >> 8}.${client & 255}`,
      origin: 'http://localhost:4321',
    },
    body: JSON.stringify(body),
  });
};

const queued = async (address: string) => {
  const [row] = await env.sql.query<{ n: number }>(
    'select count(*)::int as n from public.email_outbox where lower(to_address) = lower($1)',
    [address],
  );
  return row?.n ?? 0;
};

describe('e-mails a stranger can cause are limited per recipient, not only per client', () => {
  it('25 newsletter sign-ups for one address from 25 clients: same answers, a few confirmations', async () => {
    for (let i = 0; i < 25; i++) {
      const res = await newsletterHandler(fresh('/api/newsletter', { email: 'victim@example.com' }), {});
      expect(res.status).toBe(202);
    }
    expect(await queued('victim@example.com')).toBeLessThanOrEqual(A_FEW);
    expect((await emailsTo(env.outbox, 'victim@example.com')).length).toBeGreaterThan(0);
  });

  it('12 submissions naming one owner address: all stored, a few receipts', async () => {
    for (let i = 0; i < 12; i++) {
      const body = validSubmission({ propertyName: `Spam Camp ${i}`, email: 'target@example.com' });
      expect((await submitHandler(fresh('/api/listings', body), {})).status).toBe(201);
    }
    const [row] = await env.sql.query<{ n: number }>(
      "select count(*)::int as n from public.glamping_listings where property_name like 'Spam Camp %'",
    );
    expect(row?.n).toBe(12);
    expect(await queued('target@example.com')).toBeLessThanOrEqual(A_FEW);
  });

  it('sign-in links to one address from many clients: same answers, a few links a day', async () => {
    for (let i = 0; i < 12; i++) {
      // Past the quarter-hour limits (they answer 429, which tells nothing): the daily cap is what stops this.
      await env.sql.exec("delete from public.rate_limit_hits where bucket like 'sign-in:%'");
      expect((await authHandler(fresh('/api/auth/sign-in', { email: 'olive@example.com' }), {})).status).toBe(
        202,
      );
    }
    expect(await queued('olive@example.com')).toBeLessThanOrEqual(A_FEW + 1);
  });
});
