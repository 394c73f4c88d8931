import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sql } from '../../src/data/sql';
import type { Store } from '../../src/data/store';
import type { Mail, MailTransport } from '../../src/server/email/transport';
import { deliverDue } from '../../src/server/outbox';
import { createSubmitHandler } from '../../src/server/submissions';
import { memoryTransport, postJson, testDatabase, testDeps, validSubmission } from './support';

const FROM = 'Directory <hello@test.local>';

/** A contact message with one e-mail to `to`: a row of its own in the outbox, due at once. */
const contact = (store: Store, to: string) =>
  store.saveContactMessage(
    { name: 'Sam', email: 'sam@example.com', subject: 'Hi', category: '', message: 'Hi' },
    [
      {
        kind: 'contact',
        to_address: to,
        subject: `Contact for ${to}`,
        text_body: 'Hi',
        html_body: '<p>Hi</p>',
      },
    ],
  );

describe("a function's own e-mails", () => {
  let sql: Sql;
  let store: Store;

  beforeEach(async () => {
    ({ sql, store } = await testDatabase());
  });
  afterEach(async () => {
    await sql.close();
  });

  it('go out at once behind a backlog of 200 older messages waiting for their retry', async () => {
    for (let i = 0; i < 201; i++) await contact(store, `backlog-${i}@example.com`);
    const transport = memoryTransport();
    const submit = createSubmitHandler(testDeps(store, transport));
    const res = await submit(postJson('/api/listings', validSubmission({ email: 'owner@example.com' })));
    expect(res.status).toBe(201);
    expect((await res.json()) as { notified: boolean }).toMatchObject({ notified: true });
    // The owner's receipt and the staff notice, and none of the backlog (the outbox worker's, after its grace).
    expect(transport.sent.map((m) => m.to).sort()).toEqual(['owner@example.com', 'staff@test.local']);
  });

  it('are not held up while another row is still sending its own', async () => {
    const slow = await contact(store, 'slow@example.com');
    const quick = await contact(store, 'quick@example.com');
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent: Mail[] = [];
    const transport: MailTransport = {
      description: 'gated',
      async send(mail) {
        if (mail.to === 'slow@example.com') await gate;
        sent.push(mail);
      },
    };
    const first = deliverDue(store, transport, { from: FROM, relatedId: slow });
    const second = deliverDue(store, transport, { from: FROM, relatedId: quick });
    const waited = new Promise<'held up'>((resolve) => setTimeout(() => resolve('held up'), 5_000));
    expect(await Promise.race([second, waited])).toEqual({ sent: 1, failed: 0 });
    expect(sent.map((m) => m.to)).toEqual(['quick@example.com']);
    release();
    expect(await first).toEqual({ sent: 1, failed: 0 });
    expect(sent.map((m) => m.to)).toEqual(['quick@example.com', 'slow@example.com']);
  });
});
