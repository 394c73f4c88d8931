import type { Config } from '@netlify/functions';
import { createContactHandler } from '../../src/server/contact';
import { formDeps } from '../lib/deps';

/** POST /api/contact: a visitor's message to staff (D19). */
export default createContactHandler(formDeps(10));

export const config: Config = { path: '/api/contact' };
