/**
 * Production rules of the functions: required services, previews that do not write, the staff endpoint's
 * limits, and the headers every answer carries. The function modules are the ones Netlify deploys.
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import health from '../../netlify/functions/health';
import staff from '../../netlify/functions/staff';
import submit from '../../netlify/functions/submit-listing';
import { enableEmbeddedDatabase } from '../../src/data/embedded';
import { findInGazetteer } from '../../src/data/gazetteer';
import { openSql } from '../../src/data/open';
import { submissionSchema } from '../../src/domain/schemas/submission';
import { submissionEmails } from '../../src/server/email/compose';
import { fileTransport } from '../../src/server/email/transport';
import { STAFF_AUTH_FAILURES, STAFF_BODY_LIMIT } from '../../src/server/staff/endpoint';
import { placeSubmission } from '../../src/server/submissions';
import { postJson, validSubmission } from './support';

const PRODUCTION = {
  APP_ENV: 'production',
  // Never reached: every request below is answered before the database is needed.
  DATABASE_URL: 'postgres://nobody:nothing@127.0.0.1:1/none',
  SMTP_URL: 'smtp://127.0.0.1:1',
  EMAIL_FROM: 'Directory <hello@example.com>',
  STAFF_EMAIL: 'staff@example.com',
  NETLIFY_BUILD_HOOK_URL: 'http://127.0.0.1:1/hook',
  STAFF_TOKEN: 'p'.repeat(40),
  SITE_URL: 'https://glamping.example',
};
const KEYS = [
  ...Object.keys(PRODUCTION),
  'SUPABASE_URL',
  'NETLIFY',
  'CONTEXT',
  'PGLITE_DIR',
  'EMAIL_OUTBOX_DIR',
];
const saved = { ...process.env };
let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'production-'));
});
afterEach(() => {
  for (const key of KEYS) delete process.env[key];
  Object.assign(
    process.env,
    Object.fromEntries(KEYS.filter((k) => saved[k] !== undefined).map((k) => [k, saved[k]])),
  );
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

function production(overrides: Record<string, string | undefined> = {}) {
  for (const key of KEYS) delete process.env[key];
  Object.assign(process.env, PRODUCTION, { EMAIL_OUTBOX_DIR: join(work, 'outbox') });
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('a function in production without its services', () => {
  it.each([
    ['SMTP_URL', 'SMTP_URL is missing (required in production: without it every e-mail would be lost)'],
    ['EMAIL_FROM', 'EMAIL_FROM is missing'],
    ['STAFF_EMAIL', 'STAFF_EMAIL is missing'],
    ['DATABASE_URL', 'DATABASE_URL is missing (required in production'],
  ])('without %s answers 503 naming it, writes no .eml file and logs one line', async (key, message) => {
    production({ [key]: undefined });
    const errors: string[] = [];
    const original = console.error;
    console.error = (line: string) => errors.push(line);
    try {
      const res = await submit(postJson('/api/listings', validSubmission()));
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: string }).error).toContain(message);
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(new RegExp(`^Configuration error: .*${key}`));
    expect(await readdir(join(work, 'outbox')).catch(() => [])).toEqual([]);
  });

  it('the staff function refuses a staff token shorter than 32 characters', async () => {
    production({ STAFF_TOKEN: 'short-but-set' });
    const res = await staff(postJson('/api/staff', { action: 'list' }, bearer('short-but-set')));
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      error:
        'This service is not configured: STAFF_TOKEN is too short (13 characters; production needs at least 32)',
    });
  });
});

describe('a deploy preview (Netlify passes the deploy context in the Context object)', () => {
  const preview = { deploy: { context: 'deploy-preview' } };

  it('refuses a submission with a clear message and stores nothing', async () => {
    production({ APP_ENV: undefined, NETLIFY_BUILD_HOOK_URL: undefined });
    const res = await submit(postJson('/api/listings', validSubmission()), preview);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: 'This is a deploy-preview of the site: it does not save anything. Please use the live site.',
    });
  });

  it('refuses staff changes but not reads', async () => {
    production({ APP_ENV: undefined });
    const token = bearer(PRODUCTION.STAFF_TOKEN);
    const verify = await staff(postJson('/api/staff', { action: 'verify', id: 'x' }, token), preview);
    expect(verify.status).toBe(403);
    // A read goes on to the database (unreachable here): 503, not 403.
    for (const action of ['list', 'newsletter-export']) {
      const read = await staff(postJson('/api/staff', { action }, token), preview);
      expect([action, read.status]).toEqual([action, 503]);
    }
  });
});

describe('the staff endpoint', () => {
  it(`throttles a client after ${STAFF_AUTH_FAILURES} wrong tokens (429), other clients unaffected`, async () => {
    production();
    const from = (ip: string) => ({ ip });
    for (let i = 0; i < STAFF_AUTH_FAILURES; i++) {
      const res = await staff(
        postJson('/api/staff', { action: 'list' }, bearer(`guess-${i}`)),
        from('203.0.113.7'),
      );
      expect(res.status).toBe(401);
    }
    const blocked = await staff(
      postJson('/api/staff', { action: 'list' }, bearer(PRODUCTION.STAFF_TOKEN)),
      from('203.0.113.7'),
    );
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await staff(
      postJson('/api/staff', { action: 'list' }, bearer('wrong')),
      from('198.51.100.1'),
    );
    expect(other.status).toBe(401);
  });

  it('stops reading a chunked body at the limit instead of buffering it', async () => {
    production();
    let sent = 0;
    const chunk = new Uint8Array(64 * 1024).fill(32);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // 150 MB if it were read to the end.
        if (sent >= 150_000_000) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const res = await staff(
      new Request('http://localhost/api/staff', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bearer(PRODUCTION.STAFF_TOKEN) },
        body,
        duplex: 'half',
      } as RequestInit),
    );
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
    expect(sent).toBeLessThan(STAFF_BODY_LIMIT + 1_000_000);
  });
});

describe('every function answer', () => {
  it.each([
    ['health', () => health(new Request('http://localhost/api/health'))],
    ['health, wrong method', () => health(new Request('http://localhost/api/health', { method: 'POST' }))],
    ['staff, no token', () => staff(postJson('/api/staff', { action: 'list' }))],
    ['staff, wrong method', () => staff(new Request('http://localhost/api/staff'))],
    ['a form, wrong method', () => submit(new Request('http://localhost/api/listings'))],
  ])('%s: carries nosniff and no-store', async (_label, call) => {
    production();
    const res = await call();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe("the owner's receipt (an address nobody has confirmed)", () => {
  it('repeats none of the submitted text, so the form cannot relay mail', async () => {
    const typed = validSubmission({
      propertyName: 'WIN A PRIZE http://evil.example',
      ownerName: 'Click http://evil.example now',
      description: 'Visit http://evil.example for your reward',
    });
    const parsed = await placeSubmission(submissionSchema.parse(typed), findInGazetteer);
    const [staffMail, receipt] = submissionEmails(
      parsed,
      { from: 'a@example.com', staff: 'staff@example.com' },
      'https://glamping.example',
    );
    expect(staffMail?.text_body).toContain('http://evil.example');
    expect(receipt?.to_address).toBe('ada@example.com');
    expect(receipt?.subject).toBe('We received your listing');
    // It says how to change the listing later, in our words and links only, and copies what was chosen from lists.
    expect(receipt?.text_body).toContain('open your owner page, https://glamping.example/owner, and sign in');
    expect(receipt?.text_body).toContain('Accommodation type: Yurts');
    for (const part of [receipt?.subject, receipt?.text_body, receipt?.html_body])
      expect(part).not.toMatch(/evil|PRIZE|Click|reward|Bend|Whispering/);
  });
});

describe('local files with private data', () => {
  it('the embedded database folder and the .eml outbox are their owner’s alone', async () => {
    const previous = process.umask(0);
    try {
      const dir = join(work, 'db');
      enableEmbeddedDatabase();
      const sql = await openSql({ kind: 'pglite', dataDir: dir });
      await sql.close();
      expect((await stat(dir)).mode & 0o777).toBe(0o700);
      const outbox = join(work, 'mail');
      await fileTransport(outbox, () => {}).send({
        from: 'a@example.com',
        to: 'owner@example.com',
        subject: 'x',
        text: 'x',
        html: '<p>x</p>',
      });
      expect((await stat(outbox)).mode & 0o777).toBe(0o700);
      const [file] = await readdir(outbox);
      expect((await stat(join(outbox, file ?? ''))).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(previous);
    }
  });
});
