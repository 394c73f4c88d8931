import type { z } from 'zod';
import { refusalMessage } from '../data/refusal';
import { fieldErrors } from '../domain/schemas/errors';
import { HONEYPOT_FIELD } from '../domain/schemas/forms';
import { TEXT_MESSAGES } from '../domain/text';
import {
  clientIp,
  endpoint,
  type FunctionContext,
  HttpError,
  readJsonObject,
  StoreUnavailable,
  tooManyRequests,
} from './http';
import { errorText } from './log';
import type { RateLimit } from './rate-limit';

export { HONEYPOT_FIELD } from '../domain/schemas/forms';

/** Said whenever the database cannot be reached: nothing was saved, and the form still holds the input (D24). */
export const DATABASE_DOWN =
  'Our database is unavailable right now, so nothing was saved. Please try again in a few minutes.';

/**
 * Runs a store call: a database refusal of the input (a constraint, a raise meant for the user) is a 400 with its
 * message; any other failure is StoreUnavailable.
 */
export async function storeCall<T>(fn: () => Promise<T>, log: (line: string) => void): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const refused = refusalMessage(error);
    if (refused) throw new HttpError(400, refused);
    log(`Store error: ${errorText(error)}`);
    throw new StoreUnavailable((error as Error)?.message ?? 'store failed');
  }
}

/** What a form's 400 says above its field messages. */
const CORRECT_FIELDS = 'Please correct the highlighted fields';

/** A body checked by a form's schema: its data, or a 400 with a message per field (as the forms show them). */
export function parseForm<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  let parsed: z.ZodSafeParseResult<z.output<S>>;
  try {
    parsed = schema.safeParse(body);
  } catch {
    // Pathological input (e.g. arrays nested thousands deep) can exhaust the stack while coercing.
    throw new HttpError(400, 'The form data could not be read');
  }
  if (!parsed.success) throw new HttpError(400, CORRECT_FIELDS, {}, fieldErrors(parsed.error));
  return parsed.data;
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

/** What every form endpoint needs at request time. */
export interface FormDeps {
  rateLimit: RateLimit;
  /** Why this deploy refuses writes (a preview without its own database); null or absent: it accepts them. */
  writesRefused?: string | null;
  log?: (line: string) => void;
}

/** A form endpoint's dependencies, or how to get them for a request (functions read the configuration lazily). */
export type DepsSource<D extends FormDeps> = D | ((context: FunctionContext) => D);

/** What a form endpoint is made of: its schema, what to do with valid data, and what a bot gets. */
export interface FormEndpoint<S extends z.ZodType, D extends FormDeps> {
  schema: S;
  deps: DepsSource<D>;
  /** Stores valid data and answers (201 and what the form needs); `req` for what the data does not say (its origin). */
  accept(data: z.output<S>, deps: D, req: Request, context: FunctionContext): Promise<Response>;
  /** The success-looking answer a filled honeypot gets; nothing is stored. */
  decoy(): Response;
  /** Least time an answer takes (see EndpointOptions.minimumMs). */
  minimumMs?: number;
}

/** A form function: the shared pipeline (method, rate, type, size, JSON), then honeypot, schema, store. */
export function formHandler<S extends z.ZodType, D extends FormDeps>(form: FormEndpoint<S, D>) {
  const resolve = typeof form.deps === 'function' ? form.deps : () => form.deps as D;
  const staticLog = typeof form.deps === 'function' ? undefined : form.deps.log;
  return endpoint(
    {
      methods: ['POST'],
      unavailableMessage: DATABASE_DOWN,
      ...(staticLog ? { log: staticLog } : {}),
      ...(form.minimumMs ? { minimumMs: form.minimumMs } : {}),
    },
    async (req, context) => {
      const deps = resolve(context);
      const verdict = deps.rateLimit(clientIp(req, context));
      if (!verdict.ok) throw tooManyRequests(verdict.retryAfterSeconds);
      const body = await readJsonObject(req);
      const trap = body[HONEYPOT_FIELD];
      if (trap !== undefined && trap !== null && trap !== '') return form.decoy();
      if (deps.writesRefused) throw new HttpError(403, deps.writesRefused);
      const unreadable = unstorableFields(body);
      if (unreadable) throw new HttpError(400, CORRECT_FIELDS, {}, unreadable);
      return form.accept(parseForm(form.schema, body), deps, req, context);
    },
  );
}
