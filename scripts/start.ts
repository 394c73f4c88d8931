/**
 * npm start: migrate and seed the embedded database, build the site from it, serve site and functions locally.
 */
import { buildSite } from './lib/build';
import { runMain, say } from './lib/cli';
import { prepareDatabase, seedIfEmpty } from './lib/database';
import { startSiteServer } from './lib/server';

runMain(async () => {
  const sql = await prepareDatabase();
  if (sql) await seedIfEmpty(sql);
  say('Building the site...');
  const started = Date.now();
  const pages = await buildSite();
  say(`Built ${pages} pages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const server = await startSiteServer({ siteDir: 'dist' });
  say(`Serving at ${server.url}  (Ctrl+C to stop)`);
  const stop = async () => {
    await server.close();
    await sql?.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
});
