import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../scripts/lib/migrate';
import { currentConfig } from '../../src/config';
import { enableEmbeddedDatabase } from '../../src/data/embedded';
import { openSql } from '../../src/data/open';
import type { Sql } from '../../src/data/sql';
import type { Store } from '../../src/data/store';
import { createContactHandler } from '../../src/server/contact';
import { smtpTransport } from '../../src/server/email/transport';
import { deliverDue } from '../../src/server/outbox';
import { createSubmitHandler } from '../../src/server/submissions';
import { FlakySmtp } from './smtp-server';
import { postJson, testDatabase, testDeps, validSubmission } from './support';

const contactMessage = (subject: string) => ({
  name: 'Grace',
  email: 'grace@example.com',
  subject,
  category: 'general',
  message: 'Hello',
});

type Row = {
  to_address: string;
  subject: string;
  attempts: number;
  sent_at: string | null;
  last_error: string | null;
};
const outbox = (sql: Sql) =>
  sql.query<Row>(
    'select to_address, subject, attempts, sent_at, last_error from public.email_outbox order by id',
  );

/** What the SMTP server received, as sorted "to | subject" lines: duplicates would show. */
const receivedLines = (smtp: FlakySmtp) =>
  smtp.received.map((m) => `${m.to.join(',')} | ${m.subject}`).sort();
const rowLines = (rows: Row[]) => rows.map((r) => `${r.to_address} | ${r.subject}`).sort();

describe('outbox delivery over a real SMTP server that fails, then recovers', () => {
  let sql: Sql;
  let store: Store;
  let smtp: FlakySmtp;

  beforeEach(async () => {
    ({ sql, store } = await testDatabase());
    smtp = new FlakySmtp();
    await smtp.start();
  });
  afterEach(async () => {
    await smtp.stop();
    await sql.close();
  });

  it('retries with growing backoff through refusals and an outage, then delivers every message exactly once', async () => {
    smtp.refusing = true;
    const transport = smtpTransport(smtp.url);
    const deps = testDeps(store, transport);
    const submit = createSubmitHandler(deps);
    const contact = createContactHandler(deps);
    for (const name of ['North Yurts', 'South Domes', 'East Cabins']) {
      const email = `${name.split(' ')[0]?.toLowerCase()}@example.com`;
      const res = await submit(postJson('/api/listings', validSubmission({ propertyName: name, email })));
      expect(await res.json()).toMatchObject({ notified: false });
    }
    for (const subject of ['First question', 'Second question']) {
      const res = await contact(postJson('/api/contact', contactMessage(subject)));
      expect(await res.json()).toMatchObject({ notified: false });
    }
    // Each message was tried once, right after its row was stored, and refused.
    const queued = await outbox(sql);
    expect(queued).toHaveLength(8);
    expect(queued.every((r) => r.attempts === 1 && r.sent_at === null && r.last_error?.includes('451'))).toBe(
      true,
    );

    const t0 = Date.now();
    const pass = (afterMs: number) =>
      deliverDue(store, transport, { from: 'Directory <hello@test.local>', now: new Date(t0 + afterMs) });

    // First wait: 1 minute. Nothing is due before.
    expect(await pass(30_000)).toEqual({ sent: 0, failed: 0 });
    // The server goes down: the attempt at +61 s fails with connection refused; next wait 2 minutes.
    await smtp.stop();
    expect(await pass(61_000)).toEqual({ sent: 0, failed: 8 });
    expect(
      (await outbox(sql)).every((r) => r.attempts === 2 && /ECONNREFUSED/.test(r.last_error ?? '')),
    ).toBe(true);
    expect(await pass(61_000 + 110_000)).toEqual({ sent: 0, failed: 0 });
    // Back up but still refusing (451): fails at +182 s; next wait 4 minutes.
    await smtp.start();
    expect(await pass(182_000)).toEqual({ sent: 0, failed: 8 });
    expect(await pass(182_000 + 230_000)).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toEqual([]);

    // Recovered. Two passes at once (a timer and a manual flush) still send each message once.
    smtp.refusing = false;
    const [a, b] = await Promise.all([pass(423_000), pass(423_000)]);
    expect(a.sent + b.sent).toBe(8);
    expect(a.failed + b.failed).toBe(0);
    expect(await pass(86_400_000)).toEqual({ sent: 0, failed: 0 });

    const rows = await outbox(sql);
    expect(rows.every((r) => r.sent_at !== null && r.attempts === 4 && r.last_error === null)).toBe(true);
    expect(receivedLines(smtp)).toEqual(rowLines(rows));
    expect(new Set(receivedLines(smtp)).size).toBe(8);
    expect(
      smtp.received.some(
        (m) => m.to.includes('north@example.com') && m.subject === 'We received your listing',
      ),
    ).toBe(true);
  });
});

describe('the deployed functions with SMTP_URL: submit-listing, contact and the scheduled send-property-notification', () => {
  let dir: string;
  let sql: Sql;
  let smtp: FlakySmtp;
  const saved = { ...process.env };

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'h5-outbox-fn-'));
    smtp = new FlakySmtp();
    await smtp.start();
    for (const key of ['DATABASE_URL', 'SUPABASE_URL', 'NETLIFY', 'APP_ENV', 'CONTEXT'])
      delete process.env[key];
    Object.assign(process.env, {
      PGLITE_DIR: join(dir, 'db'),
      SMTP_URL: smtp.url,
      EMAIL_FROM: 'Directory <hello@test.local>',
      STAFF_EMAIL: 'staff@test.local',
    });
    // The functions open the same embedded database through the process-wide registry, as under npm start.
    enableEmbeddedDatabase();
    sql = await openSql(currentConfig().backend as Parameters<typeof openSql>[0]);
    await migrate(sql);
  });
  afterAll(async () => {
    process.env = saved;
    await smtp?.stop();
    await sql?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('queues what SMTP refused, and the scheduled function delivers it once the server recovers', async () => {
    const submit = (await import('../../netlify/functions/submit-listing')).default;
    const contact = (await import('../../netlify/functions/contact')).default;
    const notify = (await import('../../netlify/functions/send-property-notification')).default;

    smtp.refusing = true;
    const stored = await submit(postJson('/api/listings', validSubmission({ propertyName: 'Queued Yurts' })));
    expect(stored.status).toBe(201);
    expect(await stored.json()).toMatchObject({ notified: false });
    const sent = await contact(postJson('/api/contact', contactMessage('Queued question')));
    expect(await sent.json()).toMatchObject({ notified: false });

    // The schedule runs while the retries are not yet due: nothing is sent twice or early.
    smtp.refusing = false;
    expect((await notify(new Request('http://localhost/'))).status).toBe(204);
    expect(smtp.received).toEqual([]);

    // Two minutes later (the clock is moved in the database): due, and past the background grace period.
    await sql.exec(`update public.email_outbox set next_attempt_at = now() - interval '2 minutes'`);
    expect((await notify(new Request('http://localhost/'))).status).toBe(204);
    expect(receivedLines(smtp)).toEqual([
      'ada@example.com | We received your listing',
      'staff@test.local | Contact form: Queued question',
      'staff@test.local | New listing to review: Queued Yurts (Bend, Oregon)',
    ]);
    await sql.exec(`update public.email_outbox set next_attempt_at = now() - interval '1 day'`);
    await notify(new Request('http://localhost/'));
    expect(smtp.received).toHaveLength(3);

    // With SMTP working, a submission's e-mails go out before the function answers.
    const direct = await submit(postJson('/api/listings', validSubmission({ propertyName: 'Direct Domes' })));
    expect(await direct.json()).toMatchObject({ notified: true });
    expect(smtp.received).toHaveLength(5);
    expect((await outbox(sql)).every((r) => r.sent_at !== null)).toBe(true);
  });
});
