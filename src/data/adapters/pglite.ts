import { PGlite } from '@electric-sql/pglite';
import { type DbRole, type Sql, type SqlTx, setLocalRole } from '../sql';

/** The embedded PostgreSQL (WASM): in memory without a directory, else kept in that folder. */
export async function openPglite(dataDir?: string): Promise<Sql> {
  const db = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  return {
    async query<T>(text: string, params: unknown[] = []) {
      return (await db.query<T>(text, params)).rows;
    },
    async exec(script) {
      await db.exec(script);
    },
    transaction<R>(fn: (tx: SqlTx) => Promise<R>, role?: DbRole) {
      return db.transaction(async (tx) => {
        if (role) await tx.query(setLocalRole(role));
        return fn({
          query: async <T>(text: string, params: unknown[] = []) => (await tx.query<T>(text, params)).rows,
          exec: async (script) => {
            await tx.exec(script);
          },
        });
      });
    },
    async close() {
      await db.close();
    },
  };
}
