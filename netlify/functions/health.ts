import type { Config } from '@netlify/functions';
import { endpoint, json } from '../../src/server/http';

/** Liveness probe: proves the functions runtime answers beside the static site. */
export default endpoint({ methods: ['GET', 'HEAD'] }, async () => json(200, { ok: true }));

export const config: Config = { path: '/api/health' };
