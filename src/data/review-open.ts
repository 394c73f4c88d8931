import type { Backend } from '../config';
import { openSql } from './open';
import { sqlReviewStore } from './review-sql';
import type { ReviewStore } from './review-store';

/** The reviews' store for the configured backend, with the server's privileges (never the public's). */
export async function openReviewStore(backend: Backend): Promise<ReviewStore> {
  return sqlReviewStore(await openSql(backend));
}
