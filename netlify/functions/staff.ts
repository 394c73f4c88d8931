/**
 * Staff moderation over HTTP (issue 6): POST /api/staff with `Authorization: Bearer $STAFF_TOKEN` and a JSON body
 * `{ action, id, ... }` (see src/server/staff/actions.ts). Callable by a staff tool or a database webhook.
 */

import { ConfigError } from '../../src/data/config';
import { openStaffStore } from '../../src/data/staff-open';
import { StaffInputError } from '../../src/data/staff-store';
import { fieldErrors } from '../../src/domain/schemas/errors';
import { errorText } from '../../src/server/log';
import { runStaffAction, staffRequestSchema } from '../../src/server/staff/actions';
import { hasBearer, json, readJson } from '../lib/staff-http';

// Large enough for a CSV import of a few thousand listings; Netlify caps request bodies at 6 MB anyway.
const LIMIT = 5_000_000;

export default async (req: Request): Promise<Response> => {
  if (req.method !== 'POST') return json(405, { error: 'Use POST' }, { allow: 'POST' });
  // Authenticate before reading the body: a caller without the token learns nothing, changes nothing.
  if (!hasBearer(req, process.env.STAFF_TOKEN?.trim() || undefined))
    return json(401, { error: 'Staff token missing or wrong' }, { 'www-authenticate': 'Bearer' });
  const read = await readJson(req, LIMIT);
  if ('response' in read) return read.response;
  const parsed = staffRequestSchema.safeParse(read.body);
  if (!parsed.success)
    return json(400, { error: 'Invalid staff request', fields: fieldErrors(parsed.error) });
  let store: Awaited<ReturnType<typeof openStaffStore>>;
  try {
    store = await openStaffStore();
  } catch (error) {
    const message = error instanceof ConfigError ? error.message : 'database unreachable';
    return json(503, { error: `Staff store unavailable: ${message}` });
  }
  try {
    return json(200, await runStaffAction(store, parsed.data, 'staff-api'));
  } catch (error) {
    if (error instanceof StaffInputError) return json(400, { error: error.message });
    console.error(`staff action failed: ${errorText(error)}`);
    return json(500, { error: 'The staff action failed on the server' });
  } finally {
    await store.close();
  }
};

export const config = { path: ['/api/staff', '/api/staff/*'] };
