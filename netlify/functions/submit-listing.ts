import type { Config } from '@netlify/functions';
import { createSubmitHandler } from '../../src/server/submissions';
import { formDeps } from '../lib/deps';

/** POST /api/listings: an owner's free listing, stored as pending (spec sections 4, 7 and 8; D4, D7, D24). */
export default createSubmitHandler(formDeps(10));

export const config: Config = { path: '/api/listings' };
