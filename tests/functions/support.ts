import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { migrate } from '../../scripts/lib/migrate';
import { openPglite } from '../../src/data/adapters/pglite';
import { findInGazetteer } from '../../src/data/gazetteer';
import type { Sql } from '../../src/data/sql';
import { sqlStore } from '../../src/data/sql-store';
import type { Store } from '../../src/data/store';
import { EMPTY_SUBMISSION, type SubmissionFormState } from '../../src/domain/schemas/submission';
import { afterResponseSettled } from '../../src/server/after-response';
import type { Mail, MailTransport } from '../../src/server/email/transport';
import { slidingWindowLimiter } from '../../src/server/rate-limit';
import type { SubmitDeps } from '../../src/server/submissions';

/** A fresh, migrated in-memory PGlite and the server's store over it. */
export async function testDatabase(): Promise<{ sql: Sql; store: Store }> {
  const sql = await openPglite();
  await migrate(sql);
  return { sql, store: sqlStore(sql) };
}

/** A transport that keeps what it was given; `failing` makes every send throw, like an unreachable server. */
export function memoryTransport(): MailTransport & { sent: Mail[]; failing: boolean } {
  const t = {
    sent: [] as Mail[],
    failing: false,
    description: 'memory',
    async send(mail: Mail) {
      if (t.failing) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      t.sent.push(mail);
    },
  };
  return t;
}

/** The public origin the test handlers' e-mailed links point at (the configuration's, never a request's Host). */
export const TEST_SITE = 'https://glamping.test';

/** Handler dependencies over a test store; generous rate limit unless overridden. */
export function testDeps(
  store: Store,
  transport: MailTransport,
  overrides: Partial<SubmitDeps> = {},
): SubmitDeps {
  return {
    store: async () => store,
    siteUrl: TEST_SITE,
    transport,
    // The whole gazetteer in this process (the functions read the built site's pieces: src/server/places.ts).
    places: () => findInGazetteer,
    email: { from: 'Directory <hello@test.local>', staff: 'staff@test.local' },
    rateLimit: slidingWindowLimiter({ limit: 1_000_000, windowMs: 60_000 }),
    log: () => {},
    ...overrides,
  };
}

/** A JSON POST as the browser form sends it. */
export function postJson(path: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A complete, valid submission as typed into the form. */
export function validSubmission(overrides: Partial<SubmissionFormState> = {}): SubmissionFormState {
  return {
    ...EMPTY_SUBMISSION,
    propertyName: '  Whispering Pines Yurts  ',
    ownerName: 'Ada Owner',
    email: 'ada@example.com',
    phone: '(555) 123-4567',
    address: '12 Forest Road',
    city: 'Bend',
    state: 'Oregon',
    zipCode: '97701',
    accommodationType: 'Yurts',
    settingType: 'Forest',
    description: 'Heated yurts among the pines.',
    amenities: ['Fire Pit', 'Hot Shower'],
    priceRange: 'Mid-Range',
    website: 'https://pines.example.com',
    latitude: '44.05',
    longitude: '-121.31',
    ...overrides,
  };
}

/** How many rows a table holds (read with the database owner's rights, as staff would). */
export async function count(sql: Sql, table: string): Promise<number> {
  const [row] = await sql.query<{ n: number }>(`select count(*)::int as n from public.${table}`);
  return row?.n ?? 0;
}

/** The local outbox's e-mails (.eml files, oldest first) to an address, quoted-printable soft breaks undone. */
export async function emailsTo(dir: string, address: string): Promise<string[]> {
  // E-mails a request caused are sent after its answer (src/server/after-response.ts).
  await afterResponseSettled();
  const files = await readdir(dir).catch(() => [] as string[]);
  const mails: string[] = [];
  for (const f of files.sort()) {
    const raw = (await readFile(join(dir, f), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    if (raw.includes(`To: ${address}`)) mails.push(raw);
  }
  return mails;
}

/** The sign-in link tokens e-mailed to an address so far. */
export async function signInLinks(dir: string, address: string): Promise<string[]> {
  return (await emailsTo(dir, address)).flatMap((raw) => {
    const m = /http:\/\/localhost(?::\d+)?\/sign-in\/confirm#([A-Za-z0-9_-]{43})/.exec(raw);
    return m?.[1] ? [m[1]] : [];
  });
}
