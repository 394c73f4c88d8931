import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { openPglite } from '../../src/data/adapters/pglite';
import { openPostgres } from '../../src/data/adapters/postgres';
import { migrate } from '../../src/data/migrate';
import type { Sql } from '../../src/data/sql';

/** The PostgreSQL server .ci/run starts (TEST_DATABASE_URL overrides). */
export const SERVER_URL =
  process.env.TEST_DATABASE_URL || 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

export interface Backend {
  name: string;
  /** A fresh, migrated, empty database (its URL on a server); dispose drops it. */
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

/** The PostgreSQL server at SERVER_URL: a fresh database per create(). */
export const server: Backend = {
  name: 'PostgreSQL server',
  async create() {
    const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
    const name = `glamping_test_${randomUUID().replace(/-/g, '')}`;
    await admin.unsafe(`create database ${name}`);
    const url = new URL(SERVER_URL);
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
};

export async function serverReachable(): Promise<boolean> {
  const probe = postgres(SERVER_URL, { max: 1, connect_timeout: 2, onnotice: () => {} });
  try {
    await probe`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await probe.end({ timeout: 1 });
  }
}

/**
 * PGlite always; the PostgreSQL server too when one answers. CI starts one (.ci/run), so there both run;
 * with REQUIRE_POSTGRES=1 an unreachable server is an error rather than a quieter run.
 */
export async function backends(): Promise<Backend[]> {
  if (await serverReachable()) return [pglite, server];
  if (process.env.REQUIRE_POSTGRES === '1')
    throw new Error(`REQUIRE_POSTGRES=1 but ${SERVER_URL} is unreachable`);
  console.warn(`PostgreSQL server not reachable at ${SERVER_URL}: database tests run on PGlite only`);
  return [pglite];
}
