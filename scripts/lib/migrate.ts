import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Sql } from '../../src/data/sql';

const ROOT = new URL('../../supabase/', import.meta.url).pathname;

/** Migration files in order: supabase/migrations/YYYYMMDDHHmmss_name.sql, the only schema (D3). */
export async function migrationFiles(): Promise<string[]> {
  const files = await readdir(join(ROOT, 'migrations'));
  return files.filter((f) => /^\d{14}_[a-z0-9_]+\.sql$/.test(f)).sort();
}

/**
 * Applies the local role bootstrap, then each migration not yet applied, each in its own transaction.
 * Returns the versions applied now. Not for Supabase: there the Supabase CLI applies the same files.
 */
export async function migrate(sql: Sql): Promise<string[]> {
  await sql.exec(await readFile(join(ROOT, 'local', 'bootstrap.sql'), 'utf8'));
  const done = new Set(
    (await sql.query<{ version: string }>('select version from public.schema_migrations')).map(
      (r) => r.version,
    ),
  );
  const applied: string[] = [];
  for (const file of await migrationFiles()) {
    const version = file.slice(0, 14);
    if (done.has(version)) continue;
    const script = await readFile(join(ROOT, 'migrations', file), 'utf8');
    await sql.transaction(async (tx) => {
      await tx.exec(script);
      await tx.query('insert into public.schema_migrations (version) values ($1)', [version]);
    });
    applied.push(version);
  }
  return applied;
}
