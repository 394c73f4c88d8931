import type { Backend } from '../config';
import { sqlAlertStore } from './alert-sql';
import type { AlertStore } from './alert-store';
import { openSql } from './open';

/** The saved-search store for the configured database, with the server's privileges. */
export async function openAlertStore(backend: Backend): Promise<AlertStore> {
  return sqlAlertStore(await openSql(backend));
}
