import type { Config } from '@netlify/functions';
import { openPhotoStorage } from '../../src/data/photos/open';
import type { FunctionContext } from '../../src/server/http';
import { expireUploads } from '../../src/server/photos/cleanup';
import { functionConfig, functionStore } from '../lib/deps';

/** Hourly: photos uploaded a day ago that no submission took are deleted, files and all. */
export default async (_req: Request, context?: FunctionContext): Promise<Response> => {
  const config = functionConfig(context);
  const removed = await expireUploads(await functionStore(config), openPhotoStorage(config.photos));
  console.log(`photo-cleanup: ${removed} expired upload(s) removed`);
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '@hourly' };
