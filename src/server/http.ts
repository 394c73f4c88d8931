/** Largest request body a function accepts (D23): far above any real form, far below anything harmful. */
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

// Function answers are data for our own forms only: never cached, never sniffed, never framed.
const BASE_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
} as const;

/** A JSON answer with the headers every function response carries. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...BASE_HEADERS, ...headers } });
}

/** The JSON answer for a refused request: `{ error, fields? }`. */
export function errorResponse(error: HttpError): Response {
  const body = error.fields ? { error: error.message, fields: error.fields } : { error: error.message };
  return json(error.status, body, error.headers);
}

/** Refuses anything but the allowed method (405 with Allow). */
export function requireMethod(req: Request, method: string): void {
  if (req.method !== method) {
    throw new HttpError(405, `Use ${method} to send this form`, { allow: method });
  }
}

/** Refuses bodies that are not declared as JSON (415). */
export function requireJson(req: Request): void {
  const type = (req.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new HttpError(415, 'Send the form as JSON (Content-Type: application/json)');
  }
}

const tooLarge = () => new HttpError(413, `The form is too large (limit ${MAX_BODY_BYTES / 1024} KB)`);

/** Reads at most MAX_BODY_BYTES, stopping as soon as the body goes over (a huge body is never buffered). */
export async function readLimitedText(req: Request): Promise<string> {
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) throw tooLarge();
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new HttpError(400, 'The form must be sent as UTF-8 text');
  }
}

/** Parses the body as one JSON object (400 otherwise). */
export async function readJsonObject(req: Request): Promise<Record<string, unknown>> {
  requireJson(req);
  const text = await readLimitedText(req);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The form data is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpError(400, 'The form data must be a JSON object');
  }
  return value as Record<string, unknown>;
}

/** Netlify's context, of which only the client address is used. */
export interface FunctionContext {
  ip?: string;
}

/** The client's address: Netlify's context first, then the headers Netlify and proxies set. */
export function clientIp(req: Request, context?: FunctionContext): string {
  const fromHeader =
    req.headers.get('x-nf-client-connection-ip') ?? req.headers.get('x-forwarded-for')?.split(',')[0];
  return (context?.ip ?? fromHeader ?? '').trim() || 'unknown';
}
