import { createSubmitHandler } from '../../src/server/submissions';
import { depsFromEnv } from '../lib/deps';

/** POST /api/listings: an owner's free listing, stored as pending (spec sections 4, 7 and 8; D4, D7, D24). */
export default createSubmitHandler(depsFromEnv(10));

export const config = { path: '/api/listings' };
