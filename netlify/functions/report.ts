import type { Config } from '@netlify/functions';
import { createReportHandler } from '../../src/server/reports';
import { formDeps } from '../lib/deps';

/** POST /api/reports: a traveler's "Report a problem" about a listing. */
export default createReportHandler(formDeps(10));

export const config: Config = { path: '/api/reports' };
