// Minimal request helpers for the staff function (D23). netlify/lib/http.ts did not exist when this was written;
// if it lands, the staff function can switch to it.
import { createHash, timingSafeEqual } from 'node:crypto';

/** A JSON answer with the security headers every function answer carries. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { 'cache-control': 'no-store', ...headers } });
}

/** True when the Authorization header carries the expected bearer token; compared in constant time. */
export function hasBearer(req: Request, expected: string | undefined): boolean {
  if (!expected) return false;
  const match = /^Bearer (.+)$/.exec(req.headers.get('authorization') ?? '');
  if (!match?.[1]) return false;
  // Hashing first gives equal-length buffers, so neither the length nor the content leaks through timing.
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(match[1]), digest(expected));
}

/**
 * Reads a JSON object body with the D23 answers: 405 wrong method, 415 not JSON, 413 over `limit` bytes,
 * 400 malformed. Returns the object or the Response to send.
 */
export async function readJson(
  req: Request,
  limit: number,
): Promise<{ body: Record<string, unknown> } | { response: Response }> {
  if (req.method !== 'POST') return { response: json(405, { error: 'Use POST' }, { allow: 'POST' }) };
  const type = req.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type))
    return { response: json(415, { error: 'Send the request as application/json' }) };
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > limit) return { response: json(413, { error: `Request body over ${limit} bytes` }) };
  const bytes = new Uint8Array(await req.arrayBuffer());
  if (bytes.byteLength > limit) return { response: json(413, { error: `Request body over ${limit} bytes` }) };
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return { response: json(400, { error: 'Malformed JSON' }) };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { response: json(400, { error: 'Send a JSON object' }) };
  return { body: body as Record<string, unknown> };
}
