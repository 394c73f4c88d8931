import { type Backend, ConfigError } from '../config';
import { supabaseStaffStore } from './adapters/supabase-staff';
import { openSql } from './open';
import { sqlStaffStore } from './staff-sql';
import type { StaffStore } from './staff-store';

/** The staff store for the configured backend, with the server's privileges (never the public's). */
export async function openStaffStore(backend: Backend): Promise<StaffStore> {
  if (backend.kind === 'supabase') {
    if (!backend.serviceKey)
      throw new ConfigError('SUPABASE_SERVICE_ROLE_KEY is missing (staff actions need it)');
    return supabaseStaffStore(backend.url, backend.serviceKey);
  }
  return sqlStaffStore(await openSql(backend));
}
