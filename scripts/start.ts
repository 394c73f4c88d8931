/**
 * npm start: migrate and seed the embedded database, build the site from it, serve site and functions locally.
 */
import { currentConfig } from '../src/config';
import { sqlStore } from '../src/data/sql-store';
import { runMain, StopError, say } from './lib/cli';
import { prepareDatabase, seedIfEmpty } from './lib/database';
import { runLocalAlerts } from './lib/local-alerts';
import { startLocalOutbox } from './lib/local-outbox';
import { localStaffToken, readServerInfo, writeServerInfo } from './lib/local-server';
import { createRebuilder } from './lib/rebuild';
import { startSiteServer } from './lib/server';

runMain(async () => {
  const running = await readServerInfo();
  if (running) throw new StopError(`npm start is already running at ${running.url} (process ${running.pid})`);
  const sql = await prepareDatabase();
  if (sql) await seedIfEmpty(sql);
  say('Building the site...');
  // Builds go to .data/builds/<time> with a persistent cache, so a rebuild syncs only changed listings (D5).
  const config = currentConfig();
  // After each rebuild is served, saved searches are checked against what it published (docs/saved-searches.md).
  let origin = '';
  const rebuilder = createRebuilder({
    stateDir: config.localStateDir,
    published: () => runLocalAlerts(config, origin, say),
  });
  const siteDir = await rebuilder.buildNow();
  // The staff function reads STAFF_TOKEN: the CLI gets this run's token through server.json.
  process.env.STAFF_TOKEN = localStaffToken(config.staffToken);
  const server = await startSiteServer({ siteDir, onPublicChange: () => rebuilder.request() });
  rebuilder.attach(server);
  origin = server.url;
  const removeServerInfo = await writeServerInfo({
    url: server.url,
    token: process.env.STAFF_TOKEN,
    pid: process.pid,
  });
  // The loopback address, printed as the name people type.
  say(`Serving at ${server.url.replace('//127.0.0.1:', '//localhost:')}  (Ctrl+C to stop)`);
  const stopOutbox = sql ? startLocalOutbox(sqlStore(sql), config, say) : async () => {};
  const stop = async () => {
    await removeServerInfo();
    await stopOutbox();
    await server.close();
    await sql?.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
});
