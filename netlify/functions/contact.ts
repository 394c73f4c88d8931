import { createContactHandler } from '../../src/server/contact';
import { depsFromEnv } from '../lib/deps';

/** POST /api/contact: a visitor's message to staff (D19). */
export default createContactHandler(depsFromEnv(10));

export const config = { path: '/api/contact' };
