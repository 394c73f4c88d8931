import { SERVER_URL, serverReachable } from '../db/backends';

/**
 * Bundled functions and production builds run on PostgreSQL only (the embedded database is local), so these tests
 * need the server. Without one they are reported as skipped with the reason, unless CI requires it
 * (REQUIRE_POSTGRES=1, as .ci/run sets).
 */
export async function postgresAvailable(): Promise<boolean> {
  if (await serverReachable()) return true;
  if (process.env.REQUIRE_POSTGRES === '1')
    throw new Error(`REQUIRE_POSTGRES=1 but ${SERVER_URL} is unreachable`);
  console.warn(`Skipped: no PostgreSQL server at ${SERVER_URL} (set TEST_DATABASE_URL)`);
  return false;
}

/** Sets environment variables for the duration of a test; undefined removes one. Returns the undo. */
export function setEnv(vars: Record<string, string | undefined>): () => void {
  const before = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(values)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
  apply(vars);
  return () => apply(before);
}
