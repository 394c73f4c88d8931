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

/** One statement in its own transaction, as a role: what every store method runs. */
export type Run = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

/** Runs each statement in its own transaction as `role`: a pooled connection keeps no role between them. */
export function runAs(sql: Sql, role: DbRole): Run {
  return (text, params = []) => sql.transaction((tx) => tx.query(text, params), role);
}

/**
 * The rows of a large read (the build's listings and reviews) sent as one JSON array, the `rows` column of `text`'s one
 * row: one text crosses the driver instead of thousands of rows of many columns (docs/performance.md, "The cold build
 * at 10,000 listings").
 */
export async function jsonRows<T>(tx: SqlTx, text: string, params: unknown[] = []): Promise<T[]> {
  const [read] = await tx.query<{ rows: string }>(text, params);
  return JSON.parse(read?.rows ?? '[]') as T[];
}

/**
 * A timestamp column as fixed-width UTC text with microseconds: a watermark must not lose precision in a JS Date,
 * and fixed width makes text order equal time order.
 */
export const iso = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
