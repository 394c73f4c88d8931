import type { Config } from '@netlify/functions';
import type { FunctionContext } from '../../src/server/http';
import { createDuplicateCheckHandler, createSubmitHandler } from '../../src/server/submissions';
import { formDeps, functionConfig } from '../lib/deps';

// One limiter for both: checking for duplicates is part of submitting.
const deps = formDeps(10);
// The receipt's links point at the configured public origin, never the request's Host.
const submit = createSubmitHandler((context) => ({
  ...deps(context),
  siteUrl: functionConfig(context).siteUrl,
}));
const duplicates = createDuplicateCheckHandler(deps);

/**
 * POST /api/listings: an owner's free listing, stored as pending (spec sections 4, 7 and 8; D4, D7, D24).
 * POST /api/listings/duplicates: the listings it may duplicate, before it is sent.
 */
export default (req: Request, context?: FunctionContext) =>
  new URL(req.url).pathname === '/api/listings/duplicates' ? duplicates(req, context) : submit(req, context);

export const config: Config = { path: ['/api/listings', '/api/listings/duplicates'] };
