import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../scripts/lib/migrate';
import { startSiteServer } from '../../scripts/lib/server';
import { openPglite } from '../../src/data/adapters/pglite';
import { openPostgres } from '../../src/data/adapters/postgres';
import { enableEmbeddedDatabase } from '../../src/data/embedded';
import { openSql } from '../../src/data/open';
import type { Sql } from '../../src/data/sql';
import { sqlStore } from '../../src/data/sql-store';
import { sqlStaffStore } from '../../src/data/staff-sql';
import { LISTING_COLUMNS } from '../../src/domain/schemas/listing';
import { backends, describeEachBackend, SERVER_URL } from '../db/backends';
import { submitPending } from '../db/fixtures';

const ROOT = resolve(import.meta.dirname, '../..');
const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
let work: string;
let env: NodeJS.ProcessEnv;

/** Runs `npm run staff -- ...args` as a person would, in a separate process; never throws. */
async function staff(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [TSX, 'scripts/staff.ts', ...args],
      {
        cwd: ROOT,
        env,
        timeout: 60_000,
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** Opens the test's embedded database for a moment (the CLI must be the only one holding it while it runs). */
async function withDb<T>(fn: (sql: Sql) => Promise<T>): Promise<T> {
  const sql = await openPglite(env.PGLITE_DIR);
  try {
    return await fn(sql);
  } finally {
    await sql.close();
  }
}

const submit = (sql: Sql, name: string) => submitPending(sqlStore(sql), name);

let pines: { id: string; slug: string };
let cedar: { id: string; slug: string };

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'staff-cli-'));
  env = {
    ...process.env,
    PGLITE_DIR: join(work, 'db'),
    LOCAL_STATE_DIR: join(work, 'state'),
    EMAIL_OUTBOX_DIR: join(work, 'outbox'),
    USER: 'ada',
  };
  for (const v of [
    'DATABASE_URL',
    'SUPABASE_URL',
    'NETLIFY_BUILD_HOOK_URL',
    'STAFF_TOKEN',
    'APP_ENV',
    'NETLIFY',
  ])
    delete env[v];
  await mkdir(env.PGLITE_DIR as string, { recursive: true });
  await withDb(async (sql) => {
    await migrate(sql);
    pines = await submit(sql, 'Whispering Pines');
    cedar = await submit(sql, 'Cedar Hollow');
  });
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe('npm run staff on the embedded database', () => {
  it('list shows pending listings with their owner contact and age', async () => {
    const { code, stdout } = await staff('list');
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe('2 pending listing(s)');
    expect(lines[1]).toBe(
      `${pines.id}  ${pines.slug}  Whispering Pines  Olive Owner <olive@example.com>  0 h old`,
    );
    expect(lines[2]).toContain(cedar.slug);
  });

  it('show prints every field of one listing', async () => {
    const { code, stdout } = await staff('show', pines.slug);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^id\s+[0-9a-f-]{36}$/m);
    expect(stdout).toMatch(/^verification_status\s+pending$/m);
    expect(stdout).toMatch(/^owner_email\s+olive@example\.com$/m);
    expect(stdout).toMatch(/^amenities\s+Fire Pit$/m);
    // D28: where the coordinates came from (given, or the gazetteer's zip, town or state centre).
    expect(stdout).toMatch(/^coordinates_source\s+given$/m);
  });

  it('verify and reject change the status, e-mail the owner and leave an audit trail', async () => {
    const verified = await staff('verify', pines.slug);
    expect(verified).toMatchObject({ code: 0, stderr: '' });
    expect(verified.stdout.trim()).toBe(
      `${pines.slug}: pending -> verified, e-mail to olive@example.com sent`,
    );
    const rejected = await staff('reject', cedar.id, '--reason', 'Address not found', '--as', 'bo');
    expect(rejected.code).toBe(0);
    expect(rejected.stdout.trim()).toBe(
      `${cedar.slug}: pending -> rejected, e-mail to olive@example.com sent`,
    );
    expect((await staff('list')).stdout.trim()).toBe('0 pending listing(s)');
    const audit = (await staff('audit', cedar.slug)).stdout.trim().split('\n');
    expect(audit[0]).toBe('1 audit entry');
    expect(audit[1]).toMatch(
      new RegExp(
        `^\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z  bo  reject  ${cedar.id}  pending -> rejected  reason: Address not found$`,
      ),
    );
    expect((await staff('audit')).stdout.trim().split('\n')[0]).toBe('2 audit entries');
    await withDb(async (sql) => {
      const audit = await sql.query(
        `select actor, action, old_status, new_status, reason from public.staff_audit_log order by id`,
      );
      expect(audit).toEqual([
        { actor: 'ada', action: 'verify', old_status: 'pending', new_status: 'verified', reason: null },
        {
          actor: 'bo',
          action: 'reject',
          old_status: 'pending',
          new_status: 'rejected',
          reason: 'Address not found',
        },
      ]);
      const mails = await sql.query<{ kind: string; to_address: string }>(
        'select kind, to_address from public.email_outbox order by created_at, kind',
      );
      expect(mails.map((m) => m.kind).sort()).toEqual(['listing_published', 'listing_rejected']);
    });
  });

  it.each([
    [['verify'], 'verify needs an id or slug (npm run staff -- help lists the verbs)'],
    [['reject', 'x'], 'reject needs --reason "..." (npm run staff -- help lists the verbs)'],
    [['publish', 'x'], 'Unknown verb "publish" (npm run staff -- help lists the verbs)'],
    [['verify', 'no-such-listing'], 'No listing with id or slug "no-such-listing"'],
    [['edit', 'whispering-pines-bend-oregon', 'phone', '123'], 'phone: Please enter a 10-digit phone number'],
    [['edit', 'whispering-pines-bend-oregon', 'owner', 'x'], /^Field "owner" cannot be edited; editable: /],
    [['import', 'missing.csv'], 'Cannot read missing.csv (npm run staff -- help lists the verbs)'],
  ])('%j prints one clear line and exits 1', async (args, message) => {
    const { code, stdout, stderr } = await staff(...args);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
  });

  it('export writes a CSV that import reads back, and a bad file imports nothing', async () => {
    const file = join(work, 'listings.csv');
    const exported = await staff('export', file);
    expect(exported.stdout.trim()).toBe(`Wrote 2 listing(s) to ${file}`);
    const csv = await readFile(file, 'utf8');
    expect(csv.split('\n')[0]).toMatch(/^id,slug,property_name,/);
    expect((await staff('import', file)).stdout.trim()).toBe('Imported 2 listing(s)');

    const bad = join(work, 'bad.csv');
    const [header, row] = csv.split('\n');
    await writeFile(bad, `${header}\n${row?.replace('5551234567', '555')}\n`);
    const refused = await staff('import', bad);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n')).toEqual([
      'Nothing imported: 1 problem(s)',
      'line 2, phone: Please enter a 10-digit phone number',
    ]);
  });
});

const rawControls = (out: string) => ['\u0007', '\u001b', '\r'].filter((c) => out.includes(c));

describe("npm run staff decides owners' claims and changes", () => {
  it('prints the diff, refuses a refusal without a reason, and e-mails the owner', async () => {
    const ids = await withDb(async (sql) => {
      const store = sqlStaffStore(sql);
      const change = await store.proposeChange(
        'olive@example.com',
        cedar.id,
        'edit',
        { price_range: 'Luxury' },
        null,
        null,
      );
      await store.requestClaim(pines.slug, 'cy@example.com', 'Cy', 'Manager', '(541) 555-0100', null);
      const [claim] = await store.claims();
      return { change, claim: claim?.id ?? '' };
    });
    const changes = await staff('changes');
    expect(changes.stdout).toContain(`${ids.change}  ${cedar.slug}  edit by olive@example.com`);
    expect(changes.stdout).toContain('    price_range: null -> "Luxury"');
    expect((await staff('claims')).stdout).toContain(
      `${ids.claim}  ${pines.slug}  Cy (Manager) <cy@example.com>`,
    );
    const bare = await staff('claim-refuse', ids.claim);
    expect(bare.code).not.toBe(0);
    expect(bare.stderr).toContain('claim-refuse needs --reason');
    expect((await staff('claim-refuse', ids.claim, '--reason', 'No proof')).stdout).toContain(
      'cy@example.com was refused',
    );
    expect((await staff('change-approve', ids.change)).stdout).toContain(
      `${cedar.slug}: edit approved, e-mail to olive@example.com`,
    );
    expect(await withDb(async (sql) => (await sqlStaffStore(sql).find(cedar.id))?.price_range)).toBe(
      'Luxury',
    );
  });
});

describe('npm run staff prints stored text safely', () => {
  it('list and show escape ESC, BEL, CR and LF from a stored row (no terminal control, no forged row)', async () => {
    const fake = `${'0'.repeat(8)}-0000-4000-8000-000000000000  forged-row  Forged  Eve <eve@example.com>  0 h old`;
    const name = `Evil\u001b]0;pwned\u0007 Inn\u001b[2J\r\n${fake}`;
    // Stored before the text rule existed (or written straight to the database): the printer must cope.
    const evil = await withDb(async (sql) => {
      const row = await submit(sql, 'Evil Inn');
      await sql.query(
        'update public.glamping_listings set property_name = $2, description = $3 where id = $1',
        [row.id, name, 'Line one\nLine two\u0007\r'],
      );
      return row;
    });
    const list = await staff('list');
    expect(list.code).toBe(0);
    expect(rawControls(list.stdout)).toEqual([]);
    const lines = list.stdout.trim().split('\n');
    expect(lines.slice(0, 2)).toEqual([
      '1 pending listing(s)',
      `${evil.id}  ${evil.slug}  Evil\\x1b]0;pwned\\x07 Inn\\x1b[2J\\r\\n${fake}  Olive Owner <olive@example.com>  0 h old`,
    ]);
    // The listings it may duplicate (the same phone as the earlier ones here), indented, escaped too.
    for (const line of lines.slice(2)) expect(line).toMatch(/^ {4}possible duplicate of [a-z0-9-]+ \(.*\): /);
    const show = await staff('show', evil.slug);
    expect(rawControls(show.stdout)).toEqual([]);
    expect(show.stdout).toMatch(/^property_name\s+Evil\\x1b\]0;pwned\\x07 Inn\\x1b\[2J\\r\\n0{8}-/m);
    expect(show.stdout).toMatch(/^description\s+Line one\\nLine two\\x07\\r$/m);
    // One line per field: every listing column and the owner contact.
    expect(show.stdout.trim().split('\n')).toHaveLength(LISTING_COLUMNS.length + 2);
  });
});

describe('npm run staff while npm start runs', () => {
  it('goes through the running server (which owns the database) with its token', async () => {
    const site = join(work, 'site');
    await mkdir(site, { recursive: true });
    await writeFile(join(site, 'index.html'), '<h1>site</h1>');
    const previous = { ...process.env };
    Object.assign(process.env, {
      PGLITE_DIR: env.PGLITE_DIR,
      EMAIL_OUTBOX_DIR: env.EMAIL_OUTBOX_DIR,
      STAFF_TOKEN: 'cli-test-token',
    });
    // The server's functions open the database in this process, like npm start does.
    enableEmbeddedDatabase();
    const sql = await openSql({ kind: 'pglite', dataDir: env.PGLITE_DIR as string });
    const server = await startSiteServer({ siteDir: site, port: 0, log: () => {} });
    try {
      const other = await submit(sql, 'Through Server');
      await mkdir(env.LOCAL_STATE_DIR as string, { recursive: true });
      const info = join(env.LOCAL_STATE_DIR as string, 'server.json');
      await writeFile(info, JSON.stringify({ url: server.url, token: 'wrong', pid: process.pid }));
      const refused = await staff('verify', other.slug);
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toBe('Staff token missing or wrong');

      await writeFile(info, JSON.stringify({ url: server.url, token: 'cli-test-token', pid: process.pid }));
      const ok = await staff('verify', other.slug);
      expect(ok.stdout.trim()).toBe(`${other.slug}: pending -> verified, e-mail to olive@example.com sent`);
      const [row] = await sql.query<{ s: string }>(
        'select verification_status as s from public.glamping_listings where id = $1',
        [other.id],
      );
      expect(row?.s).toBe('verified');
      await rm(info);
    } finally {
      await server.close();
      await sql.close();
      process.env = previous;
    }
  });
});

// The same command on a PostgreSQL server (DATABASE_URL): skipped, with the reason, when none answers (CI has one).
const servers = (await backends()).filter((b) => b.name !== 'PGlite');

describeEachBackend(servers, 'npm run staff on a $name (DATABASE_URL)', () => {
  it('lists, verifies and records the audit row there', async () => {
    const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
    const name = `glamping_cli_${crypto.randomUUID().replace(/-/g, '')}`;
    await admin.unsafe(`create database ${name}`);
    const url = new URL(SERVER_URL);
    url.pathname = `/${name}`;
    const saved = env;
    env = { ...env, DATABASE_URL: url.href };
    const sql = openPostgres(url.href);
    try {
      await migrate(sql);
      const listing = await submit(sql, 'Server Side');
      expect((await staff('list')).stdout).toContain(
        `${listing.slug}  Server Side  Olive Owner <olive@example.com>`,
      );
      expect((await staff('verify', listing.slug)).stdout.trim()).toBe(
        `${listing.slug}: pending -> verified, e-mail to olive@example.com sent`,
      );
      const audit = await sql.query('select actor, action, new_status from public.staff_audit_log');
      expect(audit).toEqual([{ actor: 'ada', action: 'verify', new_status: 'verified' }]);
    } finally {
      env = saved;
      await sql.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
