/** The little a SQL-speaking backend must offer: PGlite and the `postgres` driver both fit behind it. */
export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs a multi-statement script without parameters (migrations). */
  exec(script: string): Promise<void>;
  /** Runs fn in one transaction; with `role`, as that database role (`set local role`, never session-wide). */
  transaction<R>(fn: (tx: SqlTx) => Promise<R>, role?: DbRole): Promise<R>;
  close(): Promise<void>;
}
export type SqlTx = Pick<Sql, 'query' | 'exec'>;
export type DbRole = 'anon' | 'authenticated' | 'service_role';

const ROLES: readonly DbRole[] = ['anon', 'authenticated', 'service_role'];

/** The statement that switches role inside a transaction; roles come from a fixed list, never from input. */
export function setLocalRole(role: DbRole): string {
  if (!ROLES.includes(role)) throw new Error(`Unknown database role ${role}`);
  return `set local role ${role}`;
}
