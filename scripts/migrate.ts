/** npm run migrate: applies pending migrations to the embedded database or DATABASE_URL. */
import { runMain } from './lib/cli';
import { prepareDatabase } from './lib/database';

runMain(async () => {
  const sql = await prepareDatabase();
  await sql?.close();
});
