import type { z } from 'zod';
import { fieldErrors } from '../domain/schemas/errors';
import { HONEYPOT_FIELD } from '../domain/schemas/forms';
import { TEXT_MESSAGES } from '../domain/text';
import {
  clientIp,
  errorResponse,
  type FunctionContext,
  HttpError,
  json,
  readJsonObject,
  requireMethod,
} from './http';
import { errorText } from './log';
import type { RateLimit } from './rate-limit';

export { HONEYPOT_FIELD } from '../domain/schemas/forms';

/** Said whenever the database cannot be reached: nothing was saved, and the form still holds the input (D24). */
export const DATABASE_DOWN =
  'Our database is unavailable right now, so nothing was saved. Please try again in a few minutes.';

/** A store failure: answered 503, never 500. */
export class StoreUnavailable extends Error {
  override name = 'StoreUnavailable';
}

/** Runs a store call, turning any failure of it into StoreUnavailable. */
export async function storeCall<T>(fn: () => Promise<T>, log: (line: string) => void): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    log(`Store error: ${errorText(error)}`);
    throw new StoreUnavailable((error as Error)?.message ?? 'store failed');
  }
}

/** True for text the database cannot store: NUL characters or unpaired UTF-16 surrogates. */
function unstorable(value: unknown): boolean {
  const stack = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000') || !v.isWellFormed()) return true;
    } else if (typeof v === 'object' && v !== null) {
      stack.push(...Object.values(v));
    }
  }
  return false;
}

/** Per-field messages for text PostgreSQL would refuse, so it is a 400 here and never a database error. */
function unstorableFields(body: Record<string, unknown>): Record<string, string> | null {
  const bad = Object.keys(body).filter((key) => unstorable(body[key]));
  if (bad.length === 0) return null;
  return Object.fromEntries(bad.map((key) => [key, TEXT_MESSAGES.control]));
}

/** What a form endpoint is made of: its schema, what to do with valid data, and what a bot gets. */
export interface FormEndpoint<S extends z.ZodType> {
  schema: S;
  rateLimit: RateLimit;
  /** Stores valid data and answers (201 and what the form needs). */
  accept(data: z.output<S>): Promise<Response>;
  /** The success-looking answer a filled honeypot gets; nothing is stored. */
  decoy(): Response;
  log?: (line: string) => void;
}

/** The request pipeline every form function shares: method, rate, type, size, JSON, honeypot, schema, store. */
export function formHandler<S extends z.ZodType>(endpoint: FormEndpoint<S>) {
  const log = endpoint.log ?? console.error;
  return async (req: Request, context?: FunctionContext): Promise<Response> => {
    try {
      requireMethod(req, 'POST');
      const verdict = endpoint.rateLimit(clientIp(req, context));
      if (!verdict.ok) {
        throw new HttpError(
          429,
          'Too many requests from your connection. Please wait a minute and try again.',
          {
            'retry-after': String(verdict.retryAfterSeconds),
          },
        );
      }
      const body = await readJsonObject(req);
      const trap = body[HONEYPOT_FIELD];
      if (trap !== undefined && trap !== null && trap !== '') return endpoint.decoy();
      const unreadable = unstorableFields(body);
      if (unreadable) throw new HttpError(400, 'Please correct the highlighted fields', {}, unreadable);
      let parsed: z.ZodSafeParseResult<z.output<S>>;
      try {
        parsed = endpoint.schema.safeParse(body);
      } catch {
        // Pathological input (e.g. arrays nested thousands deep) can exhaust the stack while coercing.
        throw new HttpError(400, 'The form data could not be read');
      }
      if (!parsed.success) {
        throw new HttpError(400, 'Please correct the highlighted fields', {}, fieldErrors(parsed.error));
      }
      return await endpoint.accept(parsed.data);
    } catch (error) {
      if (error instanceof HttpError) return errorResponse(error);
      if (error instanceof StoreUnavailable)
        return json(503, { error: DATABASE_DOWN }, { 'retry-after': '60' });
      // A bug of ours, not the client's input: say so plainly and keep the details in the log.
      log(`Unexpected error: ${errorText(error)}`);
      return json(500, { error: 'Something went wrong on our side. Please try again.' });
    }
  };
}
