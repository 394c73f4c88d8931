import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { describe } from 'vitest';
import { migrate } from '../../scripts/lib/migrate';
import { openPglite } from '../../src/data/adapters/pglite';
import { openPostgres } from '../../src/data/adapters/postgres';
import type { Sql } from '../../src/data/sql';

/** The PostgreSQL server .ci/run starts (TEST_DATABASE_URL overrides). */
export const SERVER_URL =
  process.env.TEST_DATABASE_URL || 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

export interface Backend {
  name: string;
  /** Why this backend cannot run here: its tests are then reported as skipped, with this reason. */
  unavailable?: string;
  /** A fresh, migrated, empty database; dispose drops it. A server's also has its URL, for more connections. */
  create(): Promise<{ sql: Sql; url?: string; dispose(): Promise<void> }>;
}

const pglite: Backend = {
  name: 'PGlite',
  async create() {
    const sql = await openPglite();
    await migrate(sql);
    return { sql, dispose: () => sql.close() };
  },
};

const server = (serverUrl: string): Backend => ({
  name: 'PostgreSQL server',
  async create() {
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    const name = `glamping_test_${randomUUID().replace(/-/g, '')}`;
    await admin.unsafe(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const sql = openPostgres(url.href);
    await migrate(sql);
    return {
      sql,
      url: url.href,
      async dispose() {
        await sql.close();
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  },
});

/** Why the server at `url` does not answer, or undefined when it does. */
async function serverProblem(url: string): Promise<string | undefined> {
  const probe = postgres(url, { max: 1, connect_timeout: 2, onnotice: () => {} });
  try {
    await probe`select 1`;
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await probe.end({ timeout: 1 });
  }
}

/** The URL as a log may show it: without its password. */
function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.href;
}

/**
 * PGlite, and the PostgreSQL server: runnable when it answers, else listed with the reason it cannot run, so its
 * tests count as skipped rather than vanish. CI starts one (.ci/run) and sets REQUIRE_POSTGRES=1, which makes an
 * unreachable server an error rather than a quieter run.
 */
export async function backends(
  url = SERVER_URL,
  required = process.env.REQUIRE_POSTGRES === '1',
): Promise<Backend[]> {
  const problem = await serverProblem(url);
  if (problem === undefined) return [pglite, server(url)];
  const reason = `no PostgreSQL server at ${redact(url)} (${problem}); start one or set TEST_DATABASE_URL`;
  if (required) throw new Error(`REQUIRE_POSTGRES=1 but ${reason}`);
  return [pglite, { ...server(url), unavailable: reason }];
}

/**
 * describe.each over backends: `$name` in the title is the backend's name. A backend that cannot run here still
 * declares its tests, skipped, with the reason in their meta for the summary reporter.
 */
export function describeEachBackend(list: Backend[], title: string, body: (backend: Backend) => void): void {
  for (const backend of list) {
    const skipReason = backend.unavailable;
    describe(
      title.replaceAll('$name', backend.name),
      { skip: skipReason !== undefined, meta: skipReason === undefined ? {} : { skipReason } },
      () => body(backend),
    );
  }
}
