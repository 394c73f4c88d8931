import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sql } from '../../src/data/sql';
import type { Store } from '../../src/data/store';
import { TEXT_MESSAGES } from '../../src/domain/text';
import { createContactHandler } from '../../src/server/contact';
import { MAX_BODY_BYTES } from '../../src/server/http';
import { slidingWindowLimiter } from '../../src/server/rate-limit';
import { count, memoryTransport, postJson, testDatabase, testDeps } from './support';

let sql: Sql;
let store: Store;
const transport = memoryTransport();
let send: ReturnType<typeof createContactHandler>;

beforeEach(async () => {
  ({ sql, store } = await testDatabase());
  transport.sent.length = 0;
  transport.failing = false;
  send = createContactHandler(testDeps(store, transport));
});
afterAll(() => sql?.close());

const message = (overrides: Record<string, unknown> = {}) => ({
  name: '  Grace Visitor ',
  email: 'grace@example.com',
  subject: 'Winter opening',
  category: 'listing',
  message: 'Is the Pines listing open in winter?',
  ...overrides,
});

describe('POST /api/contact with a valid message', () => {
  it('stores the trimmed message and its staff e-mail, and sends it (201, notified)', async () => {
    const res = await send(postJson('/api/contact', message()));
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: string; notified: boolean };
    expect(body.notified).toBe(true);
    const rows = await sql.query(
      'select name, email, subject, category, message from public.contact_messages where id = $1',
      [body.id],
    );
    expect(rows).toEqual([
      {
        name: 'Grace Visitor',
        email: 'grace@example.com',
        subject: 'Winter opening',
        category: 'listing',
        message: 'Is the Pines listing open in winter?',
      },
    ]);
    expect(transport.sent).toHaveLength(1);
    expect(transport.sent[0]).toMatchObject({
      to: 'staff@test.local',
      subject: 'Contact form: Winter opening',
    });
    expect(transport.sent[0]?.text).toContain('Reply to grace@example.com within 24 hours');
    expect(await store.dueEmails(10)).toEqual([]);
  });

  it('the category is optional: stored as null when left empty', async () => {
    const res = await send(postJson('/api/contact', message({ category: '' })));
    const { id } = (await res.json()) as { id: string };
    const [row] = await sql.query('select category from public.contact_messages where id = $1', [id]);
    expect(row).toEqual({ category: null });
  });

  it('answers notified: false when e-mail fails, with the message kept and its e-mail queued for retry', async () => {
    transport.failing = true;
    const res = await send(postJson('/api/contact', message()));
    expect(res.status).toBe(201);
    expect(((await res.json()) as { notified: boolean }).notified).toBe(false);
    expect(await count(sql, 'contact_messages')).toBe(1);
    const queued = await store.dueEmails(10, new Date(Date.now() + 120_000));
    expect(queued.map((e) => [e.kind, e.attempts])).toEqual([['contact_message_staff', 1]]);
  });

  it('escapes the HTML e-mail', async () => {
    await send(postJson('/api/contact', message({ message: '<img src=x onerror=alert(1)>' })));
    const [mail] = transport.sent;
    expect(mail?.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail?.html).not.toContain('<img');
  });

  it('keeps the line breaks of a message (CRLF stored as LF)', async () => {
    const res = await send(postJson('/api/contact', message({ message: 'Hello,\r\n\r\nIs it open?' })));
    const { id } = (await res.json()) as { id: string };
    const [row] = await sql.query('select message from public.contact_messages where id = $1', [id]);
    expect(row).toEqual({ message: 'Hello,\n\nIs it open?' });
  });

  it('400 for a line break in the subject (no header injection) and controls in the message', async () => {
    const res = await send(
      postJson('/api/contact', message({ subject: 'Hi\r\nBcc: x@evil.test', message: 'Hi\u0007\u001b[2J' })),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields).toEqual({
      subject: TEXT_MESSAGES.oneLine,
      message: TEXT_MESSAGES.control,
    });
    expect(transport.sent).toEqual([]);
  });
});

describe('POST /api/contact refuses bad requests with a clear reason', () => {
  it('405 with Allow for another method', async () => {
    const res = await send(new Request('http://localhost/api/contact', { method: 'PUT', body: '{}' }));
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('415 for a form-encoded body', async () => {
    const req = new Request('http://localhost/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=x',
    });
    expect((await send(req)).status).toBe(415);
  });

  it('413 for a body over 32 KB', async () => {
    const res = await send(postJson('/api/contact', message({ message: 'x'.repeat(MAX_BODY_BYTES) })));
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toContain('32 KB');
  });

  it('400 for malformed JSON and for JSON that is not an object', async () => {
    expect((await send(postJson('/api/contact', '{"name"'))).status).toBe(400);
    expect((await send(postJson('/api/contact', '"hello"'))).status).toBe(400);
    expect((await send(postJson('/api/contact', 'null'))).status).toBe(400);
  });

  it('400 with a message per field for an empty form, and nothing stored or sent', async () => {
    const res = await send(postJson('/api/contact', {}));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; fields: Record<string, string> };
    expect(body.fields).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      subject: 'Subject is required',
      message: 'Message is required',
    });
    expect(await count(sql, 'contact_messages')).toBe(0);
    expect(await count(sql, 'email_outbox')).toBe(0);
  });

  it('400 for an invalid e-mail, an unknown category, over-long text and unstorable characters', async () => {
    const res = await send(
      postJson(
        '/api/contact',
        message({ email: 'grace@example', category: 'sales', subject: 's'.repeat(201), name: 'G\u0000' }),
      ),
    );
    expect(res.status).toBe(400);
    const { fields } = (await res.json()) as { fields: Record<string, string> };
    expect(fields).toEqual({ name: TEXT_MESSAGES.control });
    const second = await send(
      postJson(
        '/api/contact',
        message({ email: 'grace@example', category: 'sales', subject: 's'.repeat(201) }),
      ),
    );
    expect(((await second.json()) as { fields: Record<string, string> }).fields).toEqual({
      email: 'Please enter a valid email',
      category: 'Please choose a category from the list',
      subject: 'Please keep this under 200 characters',
    });
    expect(await count(sql, 'contact_messages')).toBe(0);
  });

  it('429 with Retry-After once a client is over its rate', async () => {
    const limited = createContactHandler(
      testDeps(store, transport, { rateLimit: slidingWindowLimiter({ limit: 1, windowMs: 60_000 }) }),
    );
    const from = () => postJson('/api/contact', message(), { 'x-forwarded-for': '203.0.113.7' });
    expect((await limited(from())).status).toBe(201);
    const over = await limited(from());
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await count(sql, 'contact_messages')).toBe(1);
  });

  it('a filled honeypot looks like success but stores and sends nothing', async () => {
    const res = await send(postJson('/api/contact', { ...message(), company_website: 'spam' }));
    expect(res.status).toBe(201);
    expect(await count(sql, 'contact_messages')).toBe(0);
    expect(await count(sql, 'email_outbox')).toBe(0);
    expect(transport.sent).toEqual([]);
  });

  it('503 with a clear message when the database is unreachable', async () => {
    const down = createContactHandler(
      testDeps(store, transport, {
        store: async () => {
          throw new Error('connect ECONNREFUSED');
        },
      }),
    );
    const res = await down(postJson('/api/contact', message()));
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('60');
    expect(((await res.json()) as { error: string }).error).toMatch(/nothing was saved/);
  });

  it('503 when the database fails during the insert, and no e-mail without its message', async () => {
    // A failure of the database, not of the input (a constraint refusal is a 400): a table the write needs is gone.
    await sql.exec('alter table public.email_outbox rename to email_outbox_gone');
    const res = await send(postJson('/api/contact', message()));
    expect(res.status).toBe(503);
    expect(await count(sql, 'contact_messages')).toBe(0);
  });
});
