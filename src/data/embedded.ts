import { openPglite } from './adapters/pglite';
import { provideEmbeddedDatabase } from './open';

/**
 * Lets this process open the embedded database (PGLITE_DIR). Called by the local runtimes only: every script
 * (scripts/lib/env.ts), so the functions `npm start` runs in-process share it, and the site build when it reads the
 * embedded database. Deployed functions never import this module, so PGlite stays out of their bundles.
 */
export function enableEmbeddedDatabase(): void {
  provideEmbeddedDatabase(openPglite);
}
