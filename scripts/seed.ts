/** npm run seed: reloads the sample data (replacing every listing) into the local database. */

import { currentConfig } from '../src/config';
import { runMain, StopError, say } from './lib/cli';
import { prepareDatabase, samplePhotos } from './lib/database';
import { readServerInfo } from './lib/local-server';
import { loadSampleData } from './lib/sample/load';

runMain(async () => {
  const running = await readServerInfo();
  if (running && currentConfig().backend.kind === 'pglite') {
    throw new StopError(
      `npm start is running (${running.url}) and holds the embedded database: stop it first`,
    );
  }
  const sql = await prepareDatabase();
  if (!sql) throw new Error('npm run seed works on the embedded database or DATABASE_URL, not on Supabase');
  const verified = currentConfig().seedVerified;
  await sql.transaction(async (tx) => {
    await tx.query('delete from public.glamping_listings');
  });
  const photoPool = samplePhotos();
  await loadSampleData(sql, say, { ...(verified ? { verified } : {}), ...(photoPool ? { photoPool } : {}) });
  await sql.close();
});
