/**
 * The one request pipeline of every HTTP function (D23): method, rate limit, content type, a size limit enforced
 * while the body streams, JSON parsing, security headers and error mapping. A function file only says what its
 * endpoint accepts and what it does with valid input.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { ConfigError } from '../config';
import { startAfterResponse } from './after-response';
import { errorText } from './log';
import type { RateLimit } from './rate-limit';

/** Largest form body a function accepts (D23): far above any real form, far below anything harmful. */
export const MAX_BODY_BYTES = 32 * 1024;

/** A request the function refuses, with the status and the reason the client gets. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** The store could not be reached: nothing was saved, answered 503 (never 500). */
export class StoreUnavailable extends Error {
  override name = 'StoreUnavailable';
}

// Function answers are data for our own pages only: never cached, never sniffed.
const BASE_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
} as const;

/** A JSON answer with the headers every function response carries. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...BASE_HEADERS, ...headers } });
}

/** The JSON answer for a refused request: `{ error, fields? }`. */
function errorResponse(error: HttpError): Response {
  const body = error.fields ? { error: error.message, fields: error.fields } : { error: error.message };
  return json(error.status, body, error.headers);
}

/** Refuses bodies that are not declared as JSON (415). */
function requireJson(req: Request): void {
  const type = (req.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new HttpError(415, 'Send the request as JSON (Content-Type: application/json)');
  }
}

const tooLarge = (limit: number) =>
  new HttpError(413, `The request is too large (limit ${Math.round(limit / 1024)} KB)`, {
    connection: 'close',
  });

/** Reads at most `limit` bytes, stopping as soon as the body goes over (a huge body is never buffered). */
export async function readLimitedBytes(req: Request, limit: number): Promise<Buffer> {
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

async function readLimitedText(req: Request, limit = MAX_BODY_BYTES): Promise<string> {
  const bytes = await readLimitedBytes(req, limit);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError(400, 'The request must be sent as UTF-8 text');
  }
}

/** Parses the body as one JSON object (415 not JSON, 413 over `limit`, 400 otherwise). */
export async function readJsonObject(req: Request, limit = MAX_BODY_BYTES): Promise<Record<string, unknown>> {
  requireJson(req);
  const text = await readLimitedText(req, limit);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The request is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpError(400, 'The request must be a JSON object');
  }
  return value as Record<string, unknown>;
}

/** True when the Authorization header carries the expected bearer token; compared in constant time. */
export function hasBearer(req: Request, expected: string | null): boolean {
  if (!expected) return false;
  const match = /^Bearer (.+)$/.exec(req.headers.get('authorization') ?? '');
  if (!match?.[1]) return false;
  // Hashing first gives equal-length buffers, so neither the length nor the content leaks through timing.
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(match[1]), digest(expected));
}

/** The parts of Netlify's Context object the functions use (locally the server passes the client address). */
export interface FunctionContext {
  ip?: string | undefined;
  deploy?: { context?: string | undefined } | undefined;
  /** Set only by the local server (scripts/lib/server.ts): its rebuild loop, for a change of what is public. */
  local?: { publicChanged(): void } | undefined;
  /** Set only by the local server: its listening address, the public origin when SITE_URL is unset. */
  localOrigin?: string | undefined;
  /** Netlify keeps the instance alive until this promise settles (work after the answer: ./after-response.ts). */
  waitUntil?: ((promise: Promise<unknown>) => void) | undefined;
}

/**
 * The address a proxy appended to X-Forwarded-For: the last entry. The ones before it are whatever the client sent,
 * so taking the first would let anyone choose their own rate-limit bucket.
 */
export const lastForwarded = (header: string | null | undefined): string | undefined =>
  header?.split(',').at(-1)?.trim() || undefined;

/** The client's address: Netlify's context first, then the headers Netlify and proxies set. */
export function clientIp(req: Request, context?: FunctionContext): string {
  const fromHeader =
    req.headers.get('x-nf-client-connection-ip') ?? lastForwarded(req.headers.get('x-forwarded-for'));
  return (context?.ip ?? fromHeader ?? '').trim() || 'unknown';
}

/** A 429 with the wait the client should respect. */
export function tooManyRequests(retryAfterSeconds: number, message?: string): HttpError {
  return new HttpError(
    429,
    message ?? 'Too many requests from your connection. Please wait a minute and try again.',
    { 'retry-after': String(retryAfterSeconds) },
  );
}

/** What an endpoint accepts before its own code runs. */
export interface EndpointOptions {
  /** Allowed methods; anything else (TRACE included) is 405 with Allow. */
  methods: readonly string[];
  /** Requests per client, checked before the body is read. */
  rateLimit?: RateLimit;
  /** Answer for a store that cannot be reached (a form says its input is kept). */
  unavailableMessage?: string;
  /**
   * Least time an answer takes, from the request's start: a "we sent you a link" endpoint does a little more database
   * work for an address on file, and the answer must not show it (its e-mail is sent after it: ./after-response.ts).
   */
  minimumMs?: number;
  log?: (line: string) => void;
}

/** The shortest answer of the endpoints that must not tell whether an address is on file. */
export const NEUTRAL_ANSWER_MS = 150;

/** A Netlify function handler. */
export type FunctionHandler = (req: Request, context?: FunctionContext) => Promise<Response>;

/**
 * Wraps an endpoint in the shared pipeline: method and rate checks first, then `handle`; any HttpError becomes its
 * answer, a store failure 503, a configuration mistake 503 with the one line that names the variable, and a bug of
 * ours a logged 500. Every answer carries the security headers.
 */
export function endpoint(
  options: EndpointOptions,
  handle: (req: Request, context: FunctionContext) => Promise<Response>,
): FunctionHandler {
  const log = options.log ?? ((line: string) => console.error(line));
  return async (req, context = {}) => {
    const started = performance.now();
    let response: Response;
    try {
      if (!options.methods.includes(req.method)) {
        throw new HttpError(405, `Use ${options.methods.join(' or ')} for this address`, {
          allow: options.methods.join(', '),
        });
      }
      const verdict = options.rateLimit?.(clientIp(req, context));
      if (verdict && !verdict.ok) throw tooManyRequests(verdict.retryAfterSeconds);
      response = await handle(req, context);
    } catch (error) {
      response = failure(error, options, log);
    }
    startAfterResponse(context);
    const wait = (options.minimumMs ?? 0) - (performance.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    for (const [key, value] of Object.entries(BASE_HEADERS))
      if (!response.headers.has(key)) response.headers.set(key, value);
    return response;
  };
}

/**
 * One handler for a family of paths (/api/auth/*, /api/owner/*, /api/reviews/*): `route` gives the handler of the
 * request's path, with the request's context at hand; any other path is a 404 that says `unknown`.
 */
export function routeByPath(
  route: (path: string, context: FunctionContext) => FunctionHandler | undefined,
  unknown: string,
): FunctionHandler {
  const notFound = endpoint({ methods: ['GET', 'POST'] }, async () => {
    throw new HttpError(404, unknown);
  });
  return (req, context = {}) => (route(new URL(req.url).pathname, context) ?? notFound)(req, context);
}

/**
 * routeByPath for a family whose handlers are made from dependencies resolved per request (functions read the
 * configuration lazily): `routes` maps each path to the handler it makes of them.
 */
export function routeWithDeps<D>(
  deps: (context: FunctionContext) => D,
  routes: Record<string, (d: D) => FunctionHandler>,
  unknown: string,
): FunctionHandler {
  return routeByPath((path, context) => routes[path]?.(deps(context)), unknown);
}

// Network failures (Node's codes) and PostgreSQL's connection (08), resource (53) and shutdown (57P) classes.
const NETWORK = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);
function unreachable(error: unknown): boolean {
  const code = String((error as { code?: unknown })?.code ?? '');
  return NETWORK.has(code) || /^(08|53|57P)/.test(code);
}

function failure(error: unknown, options: EndpointOptions, log: (line: string) => void): Response {
  if (error instanceof HttpError) return errorResponse(error);
  if (error instanceof ConfigError) {
    log(`Configuration error: ${error.message}`);
    return json(503, { error: `This service is not configured: ${error.message}` });
  }
  if (error instanceof StoreUnavailable || unreachable(error)) {
    if (!(error instanceof StoreUnavailable)) log(`Store error: ${errorText(error)}`);
    return json(
      503,
      {
        error: options.unavailableMessage ?? 'The database is unavailable right now. Please try again later.',
      },
      { 'retry-after': '60' },
    );
  }
  // A bug of ours, not the client's input: say so plainly and keep the details in the log.
  log(`Unexpected error: ${errorText(error)}`);
  return json(500, { error: 'Something went wrong on our side. Please try again.' });
}
