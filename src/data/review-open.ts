import { type Backend, ConfigError } from '../config';
import { openSql } from './open';
import { sqlReviewStore } from './review-sql';
import type { ReviewStore } from './review-store';

/**
 * The reviews' store with the server's privileges. The SQL store is its only implementation: a Supabase project is
 * reached through its database URL (DATABASE_URL), as every store will be once the supabase-js adapters are gone.
 */
export async function openReviewStore(backend: Backend): Promise<ReviewStore> {
  if (backend.kind === 'supabase')
    throw new ConfigError(
      'DATABASE_URL is missing: reviews use the SQL store (set it to the project database URL)',
    );
  return sqlReviewStore(await openSql(backend));
}
