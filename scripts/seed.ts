/** npm run seed: reloads the sample data (replacing every listing) into the local database. */
import { generateSampleListings } from '../src/data/sample/generate';
import { addSampleOwnerContacts, insertListings } from '../src/data/seed';
import { readServerInfo } from '../src/server/staff/local-server';
import { runMain, StopError, say } from './lib/cli';
import { prepareDatabase } from './lib/database';

runMain(async () => {
  const running = await readServerInfo();
  if (running && !process.env.DATABASE_URL) {
    throw new StopError(
      `npm start is running (${running.url}) and holds the embedded database: stop it first`,
    );
  }
  const sql = await prepareDatabase();
  if (!sql) throw new Error('npm run seed works on the embedded database or DATABASE_URL, not on Supabase');
  const verified = Number(process.env.SEED_VERIFIED) || undefined;
  const listings = generateSampleListings(verified ? { verified } : {});
  await sql.transaction(async (tx) => {
    await tx.query('delete from public.glamping_listings');
  });
  await insertListings(sql, listings);
  await addSampleOwnerContacts(sql);
  say(`Reloaded ${listings.length} sample listings`);
  await sql.close();
});
