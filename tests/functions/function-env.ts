import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from '../../scripts/lib/migrate';
import { enableEmbeddedDatabase } from '../../src/data/embedded';
import { openSql } from '../../src/data/open';
import type { Sql } from '../../src/data/sql';

/** A local environment for the Netlify functions as `npm start` runs them: embedded database, .eml outbox. */
export interface FunctionEnv {
  work: string;
  sql: Sql;
  outbox: string;
  close(): Promise<void>;
}

/** Sets the variables a local run reads (no SITE_URL unless given) and opens its migrated database. */
export async function functionEnv(prefix: string, env: Record<string, string> = {}): Promise<FunctionEnv> {
  const work = await mkdtemp(join(tmpdir(), `${prefix}-`));
  for (const v of ['DATABASE_URL', 'SUPABASE_URL', 'NETLIFY_BUILD_HOOK_URL', 'APP_ENV', 'NETLIFY', 'CONTEXT'])
    delete process.env[v];
  for (const v of ['SITE_URL', 'URL', 'PORT']) delete process.env[v];
  process.env.PGLITE_DIR = join(work, 'db');
  process.env.EMAIL_OUTBOX_DIR = join(work, 'outbox');
  process.env.PHOTOS_DIR = join(work, 'photos');
  process.env.STAFF_EMAILS = 'ada@example.org';
  process.env.STAFF_EMAIL = 'inbox@staff.example';
  Object.assign(process.env, env);
  enableEmbeddedDatabase();
  const sql = await openSql({ kind: 'pglite', dataDir: process.env.PGLITE_DIR });
  await migrate(sql);
  return {
    work,
    sql,
    outbox: join(work, 'outbox'),
    async close() {
      await sql.close();
      await rm(work, { recursive: true, force: true });
    },
  };
}
