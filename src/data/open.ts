import { chmodSync, mkdirSync } from 'node:fs';
import { type Backend, ConfigError } from '../config';
import { openPostgres } from './adapters/postgres';
import type { Sql } from './sql';
import { sqlStore } from './sql-store';
import type { PublicReader, Store } from './store';

// An embedded database folder may be opened by one PGlite instance only. The start script, the in-process build and
// the functions all run in one process, so they share one instance, counted, through a process-wide registry.
const REGISTRY = Symbol.for('glamping-directory.pglite');
type Shared = { sql: Promise<Sql>; users: number };
const scope = globalThis as { [REGISTRY]?: Map<string, Shared> };
scope[REGISTRY] ??= new Map();
const registry = scope[REGISTRY];

// The embedded database is local only. Functions bundle this file for production, where its 16 MB engine would ride
// in every zip and slow every cold start: so its opener is handed over at run time by the local runtimes (scripts,
// the site build, tests: src/data/embedded.ts), never imported here. Process-wide for the same reason as the registry.
const EMBEDDED = Symbol.for('glamping-directory.embedded-opener');
type EmbeddedOpener = (dataDir: string) => Promise<Sql>;
const slot = globalThis as { [EMBEDDED]?: EmbeddedOpener };

/** Makes PGLITE_DIR usable in this process (local runtimes only; see src/data/embedded.ts). */
export function provideEmbeddedDatabase(open: EmbeddedOpener): void {
  slot[EMBEDDED] = open;
}

function sharedPglite(dataDir: string): Promise<Sql> {
  let entry = registry.get(dataDir);
  if (!entry) {
    const open = slot[EMBEDDED];
    if (!open)
      throw new ConfigError(
        'DATABASE_URL is missing: the embedded database (PGLITE_DIR) runs only under the local scripts',
      );
    // The database holds owners' private contacts: its folder is its owner's alone (one made before may be wider).
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    chmodSync(dataDir, 0o700);
    entry = { sql: open(dataDir), users: 0 };
    registry.set(dataDir, entry);
  }
  entry.users += 1;
  const shared = entry;
  return shared.sql.then((sql) => ({
    ...sql,
    async close() {
      shared.users -= 1;
      if (shared.users > 0) return;
      registry.delete(dataDir);
      await sql.close();
    },
  }));
}

/** Opens the SQL connection of the configured database: the embedded one, or a PostgreSQL server by URL. */
export async function openSql(backend: Backend): Promise<Sql> {
  return backend.kind === 'pglite' ? sharedPglite(backend.dataDir) : openPostgres(backend.url);
}

/** The store with the server's privileges: functions and staff scripts only (each write as `service_role`). */
export async function openStore(backend: Backend): Promise<Store> {
  return sqlStore(await openSql(backend));
}

/** The reader with the public's privileges: what the site build uses (D8; each read as `anon`). */
export async function openPublicReader(backend: Backend): Promise<PublicReader> {
  return sqlStore(await openSql(backend));
}
