import postgres from 'postgres';
import { type DbRole, type Sql, type SqlTx, setLocalRole } from '../sql';

/**
 * A PostgreSQL server reached by URL (DATABASE_URL), through the `postgres` driver: in production Supabase's Postgres
 * through its connection pooler in transaction mode (docs/deploying.md, Database connection). Everywhere the same
 * settings, so the tests on a plain server run production's path.
 */
export function openPostgres(url: string, options: { max?: number } = {}): Sql {
  const sql = postgres(url, {
    max: options.max ?? 5,
    // A pooler in transaction mode hands each transaction to any server connection, where a statement prepared on
    // another one does not exist: unnamed statements only, as postgres.js documents for transaction pooling.
    prepare: false,
    onnotice: () => {},
    connect_timeout: 10,
    // Arrays and timestamps come back as JS values, like PGlite's.
    types: { bigint: postgres.BigInt },
  });
  const run = async <T>(client: postgres.Sql | postgres.TransactionSql, text: string, params: unknown[]) =>
    (await client.unsafe(text, params as postgres.ParameterOrJSON<never>[])) as unknown as T[];
  return {
    query: (text, params = []) => run(sql, text, params),
    async exec(script) {
      await sql.unsafe(script).simple();
    },
    async transaction<R>(fn: (tx: SqlTx) => Promise<R>, role?: DbRole) {
      return (await sql.begin(async (tx) => {
        if (role) await tx.unsafe(setLocalRole(role));
        return fn({
          query: (text, params = []) => run(tx, text, params),
          exec: async (script) => {
            await tx.unsafe(script).simple();
          },
        });
      })) as R;
    },
    async close() {
      await sql.end({ timeout: 5 });
    },
  };
}
