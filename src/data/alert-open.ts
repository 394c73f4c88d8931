import { type Backend, ConfigError } from '../config';
import { sqlAlertStore } from './alert-sql';
import type { AlertStore } from './alert-store';
import { openSql } from './open';

/**
 * The saved-search store for the configured backend, with the server's privileges. The SQL store is its only
 * implementation (the supabase-js adapters are on their way out): a Supabase project is reached through its
 * database URL.
 */
export async function openAlertStore(backend: Backend): Promise<AlertStore> {
  if (backend.kind === 'supabase')
    throw new ConfigError(
      'Saved searches need DATABASE_URL (the SQL store); the Supabase API adapter has none',
    );
  return sqlAlertStore(await openSql(backend));
}
