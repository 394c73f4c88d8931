/**
 * Before `astro build` or `astro check` (npm run build / check): makes the embedded database usable on a fresh
 * clone (migrated and, when empty, seeded with the sample data). Explicit here, so a build never writes a database.
 * A PostgreSQL server or Supabase is left alone: `npm run migrate` or the Supabase CLI own them.
 */
import { currentConfig } from '../src/config';
import { runMain } from './lib/cli';
import { prepareDatabase, seedIfEmpty } from './lib/database';

runMain(async () => {
  if (currentConfig().backend.kind !== 'pglite') return;
  const sql = await prepareDatabase();
  if (!sql) return;
  try {
    await seedIfEmpty(sql);
  } finally {
    await sql.close();
  }
});
