import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import authHandler from '../../netlify/functions/auth';
import newsletterHandler from '../../netlify/functions/newsletter';
import ownerHandler from '../../netlify/functions/owner';
import submitHandler from '../../netlify/functions/submit-listing';
import { ConfigError, loadConfig } from '../../src/config';
import { sqlStore } from '../../src/data/sql-store';
import { sqlStaffStore } from '../../src/data/staff-sql';
import { submitPending } from '../db/fixtures';
import { type FunctionEnv, functionEnv } from './function-env';
import { emailsTo, validSubmission } from './support';

// What an attacker sends: the local server (and a self-hosted proxy passing Host on) builds the URL from it.
const EVIL = 'http://evil.example:4488';
/** The local runtime's own address when SITE_URL is unset: the configured port on localhost. */
const LOCAL = 'http://localhost:4321';
let env: FunctionEnv;
let client = 0;
let listing: { id: string; slug: string };

beforeAll(async () => {
  env = await functionEnv('origin-fn');
  listing = await submitPending(sqlStore(env.sql), 'Cedar Cabins');
  await sqlStaffStore(env.sql).setStatus(listing.id, 'verified', 'test', null, null);
});
afterAll(() => env?.close());
beforeEach(() => {
  client += 1;
  delete process.env.SITE_URL;
});

const post = (origin: string, path: string, body: unknown) =>
  new Request(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${client}`, origin },
    body: JSON.stringify(body),
  });

/** The e-mails to an address once the one a request caused has arrived (it may be sent after the answer). */
async function mailsTo(address: string, atLeast: number): Promise<string[]> {
  return vi.waitFor(
    async () => {
      const mails = await emailsTo(env.outbox, address);
      if (mails.length < atLeast) throw new Error(`${mails.length} e-mail(s) to ${address} so far`);
      return mails;
    },
    { timeout: 5000, interval: 50 },
  );
}

describe('links in e-mails come from the configuration, never the Host header', () => {
  it('a sign-in link points at the local runtime, whatever Host the request names', async () => {
    expect(
      (await authHandler(post(EVIL, '/api/auth/sign-in', { email: 'ada@example.org' }), {})).status,
    ).toBe(202);
    const mail = (await mailsTo('ada@example.org', 1)).at(-1) ?? '';
    expect(mail).toContain(`${LOCAL}/sign-in/confirm#`);
    expect(mail).not.toContain('evil.example');
  });

  it('a newsletter confirmation points at SITE_URL when it is set', async () => {
    process.env.SITE_URL = 'https://glamping.example';
    const res = await newsletterHandler(post(EVIL, '/api/newsletter', { email: 'nell@example.com' }), {});
    expect(res.status).toBe(202);
    const mail = (await mailsTo('nell@example.com', 1)).at(-1) ?? '';
    expect(mail).toContain('https://glamping.example/api/newsletter/confirm?token=');
    expect(mail).not.toContain('evil.example');
  });

  it("staff's notice of a claim links to the console on the configured origin", async () => {
    const before = (await emailsTo(env.outbox, 'inbox@staff.example')).length;
    const claim = {
      slug: listing.slug,
      name: 'Cy Manager',
      email: 'cy@example.com',
      role: 'Manager',
      proof: 'https://cedar.example.com/team',
    };
    expect((await ownerHandler(post(EVIL, '/api/owner/claim', claim), {})).status).toBe(202);
    const mail = (await mailsTo('inbox@staff.example', before + 1)).at(-1) ?? '';
    expect(mail).toContain(`${LOCAL}/staff`);
    expect(mail).not.toContain('evil.example');
  });

  it('the local server passes its own listening address, used when SITE_URL is unset', async () => {
    const own = 'http://127.0.0.1:47999';
    const context = { localOrigin: own };
    expect(
      (await authHandler(post(EVIL, '/api/auth/sign-in', { email: 'ada@example.org' }), context)).status,
    ).toBe(202);
    const mails = await mailsTo('ada@example.org', 2);
    expect(mails.at(-1)).toContain(`${own}/sign-in/confirm#`);
  });
});

describe('the server fetches its own gazetteer pieces from the configured origin', () => {
  let attacker: Server;
  let site: Server;
  const asked = { attacker: 0, site: 0 };
  const listen = (count: () => void) =>
    new Promise<Server>((resolve) => {
      const server = createServer((_req, res) => {
        count();
        res.writeHead(404).end();
      });
      server.listen(0, '127.0.0.1', () => resolve(server));
    });
  const origin = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;

  beforeAll(async () => {
    attacker = await listen(() => (asked.attacker += 1));
    site = await listen(() => (asked.site += 1));
  });
  afterAll(() => {
    attacker?.close();
    site?.close();
  });

  it('never from the host a submission was sent to', async () => {
    // As under `npm start` with SITE_URL unset: the server's own listening address comes with the call.
    const context = { localOrigin: origin(site) };
    const body = validSubmission({ latitude: '', longitude: '', email: 'pia@example.com' });
    const res = await submitHandler(post(origin(attacker), '/api/listings', body), context);
    expect(res.status).toBe(201);
    expect(asked.attacker).toBe(0);
    expect(asked.site).toBeGreaterThan(0);
  });
});

describe('a production run needs its public origin', () => {
  const production = {
    APP_ENV: 'production',
    DATABASE_URL: 'postgres://postgres.abc:secret@aws-0-us-east-1.pooler.supabase.com:6543/postgres',
    SUPABASE_URL: 'https://abc.supabase.co',
    SUPABASE_SERVICE_ROLE_KEY: 'service',
    SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
    EMAIL_FROM: 'Directory <hello@example.com>',
    STAFF_EMAIL: 'staff@example.com',
    NETLIFY_BUILD_HOOK_URL: 'https://api.netlify.com/build_hooks/abc',
  };

  it('refuses to start without SITE_URL or URL, naming the variable', () => {
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(/SITE_URL/);
    expect(loadConfig({ ...production, URL: 'https://glamping.example' }).siteUrl).toBe(
      'https://glamping.example',
    );
  });

  it('locally falls back to its own address on the configured port', () => {
    expect(loadConfig({}).siteUrl).toBe(LOCAL);
    expect(loadConfig({ PORT: '5000' }).siteUrl).toBe('http://localhost:5000');
  });
});
