import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { prepareDatabase, seedIfEmpty } from '../../scripts/lib/database';
import { runLocalAlerts } from '../../scripts/lib/local-alerts';
import { createRebuilder } from '../../scripts/lib/rebuild';
import { startSiteServer } from '../../scripts/lib/server';
import { startTileServer } from '../../scripts/lib/tile-server';
import { currentConfig } from '../../src/config';
import { STAFF_ADDRESSES } from './staff-addresses';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    pgliteDir: string;
    /** Bearer token of /api/staff on the test server: how a test reads or changes the database it uses. */
    staffToken: string;
    /** Where the test server writes e-mails as .eml files (no SMTP_URL in tests). */
    outboxDir: string;
    /** Origin of the local map tile fixture the site is built with (scripts/lib/tile-server.ts). */
    tileOrigin: string;
  }
}

/**
 * Builds the site once from a fresh embedded database with the sample data and serves it with its functions,
 * exactly as `npm start` does, on a free port, with its rebuild loop: a staff change of what is public rebuilds the
 * site in the background and swaps it in (tests/e2e/rebuild.test.ts). Every e2e file uses this one server.
 */
export default async function setup(project: TestProject) {
  const work = await mkdtemp(join(tmpdir(), 'glamping-e2e-'));
  process.env.PGLITE_DIR = join(work, 'db');
  process.env.EMAIL_OUTBOX_DIR = join(work, 'outbox');
  process.env.PHOTOS_DIR = join(work, 'photos');
  process.env.STAFF_TOKEN = `e2e-${crypto.randomUUID()}`;
  // Who may sign in to the staff console (tests/e2e/staff-console.test.ts).
  process.env.STAFF_EMAILS = STAFF_ADDRESSES.join(',');
  delete process.env.SMTP_URL;
  delete process.env.DATABASE_URL;
  delete process.env.SUPABASE_URL;
  // Maps draw from a local tile fixture, never from the internet.
  const tiles = await startTileServer();
  process.env.PUBLIC_MAP_TILE_URL = tiles.template;
  process.env.PUBLIC_MAP_ATTRIBUTION = 'Test tile fixture';
  const sql = await prepareDatabase();
  if (!sql) throw new Error('e2e needs the embedded database');
  await seedIfEmpty(sql);
  // As npm start: saved searches are checked after each rebuild is served (docs/saved-searches.md).
  let origin = '';
  const rebuilder = createRebuilder({
    stateDir: work,
    published: () => runLocalAlerts(currentConfig(), origin, () => {}),
  });
  const server = await rebuilder
    .buildNow()
    // The tests visit missing pages on purpose: only real problems are worth a line in the test output.
    .then((siteDir) =>
      startSiteServer({
        siteDir,
        port: 0,
        onPublicChange: () => rebuilder.request(),
        log: (line) => line.startsWith('Server error') && console.error(line),
      }),
    )
    .catch(async (error: unknown) => {
      // A failed first build leaves no temp folder behind.
      await sql.close();
      await tiles.close();
      await rm(work, { recursive: true, force: true });
      throw error;
    });
  rebuilder.attach(server);
  origin = server.url;
  project.provide('baseURL', server.url);
  project.provide('pgliteDir', process.env.PGLITE_DIR);
  project.provide('staffToken', process.env.STAFF_TOKEN);
  project.provide('outboxDir', process.env.EMAIL_OUTBOX_DIR);
  project.provide('tileOrigin', tiles.origin);
  return async () => {
    await rebuilder.idle();
    await server.close();
    await tiles.close();
    await sql.close();
    await rm(work, { recursive: true, force: true });
  };
}
