import type { Backend } from '../config';
import { openSql } from './open';
import { sqlStaffStore } from './staff-sql';
import type { StaffStore } from './staff-store';

/** The staff store for the configured backend, with the server's privileges (never the public's). */
export async function openStaffStore(backend: Backend): Promise<StaffStore> {
  return sqlStaffStore(await openSql(backend));
}
