/**
 * The one way islands ask for JSON, from our functions or from the build's static files. Never throws: the
 * answer says what came back, so each caller words a failure for its own page.
 */

export type JsonAnswer<T> =
  | { ok: true; status: number; data: T }
  | {
      ok: false;
      /** 0 when the server could not be reached. */
      status: number;
      /** The answer's body when it was JSON (a function's reason, its per-field messages), null otherwise. */
      data: unknown;
      /** The server's reason, or a plain account of the failure. */
      error: string;
    };

export interface JsonRequest extends RequestInit {
  /** Sent as the JSON body. */
  json?: unknown;
  /**
   * One request per URL and page, shared by every caller until {@link forgetJson}: a file can start downloading
   * before the code that reads it has loaded.
   */
  once?: boolean;
}

const UNREACHABLE = 'We could not reach the server. Check your connection and try again.';
const shared = new Map<string, Promise<JsonAnswer<unknown>>>();

/** The `error` a function's answer gives (src/server/http.ts), when it is a non-blank string. */
export function errorOf(data: unknown): string | null {
  const error = (data as { error?: unknown } | null)?.error;
  return typeof error === 'string' && error.trim() ? error : null;
}

async function request<T>(
  url: string,
  { json, once: _, headers, ...init }: JsonRequest,
): Promise<JsonAnswer<T>> {
  let res: Response;
  try {
    res = await fetch(url, {
      ...init,
      headers: {
        accept: 'application/json',
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
  } catch {
    return { ok: false, status: 0, data: null, error: UNREACHABLE };
  }
  const data: unknown = await res.json().catch(() => null);
  if (res.ok && data !== null) return { ok: true, status: res.status, data: data as T };
  return {
    ok: false,
    status: res.status,
    data,
    error: errorOf(data) ?? `The server answered with error ${res.status}.`,
  };
}

/** GETs (or, with `json`, POSTs) `url` and reads its JSON answer. */
export function fetchJson<T>(url: string, init: JsonRequest = {}): Promise<JsonAnswer<T>> {
  const method = init.method ?? (init.json === undefined ? 'GET' : 'POST');
  if (!init.once) return request<T>(url, { ...init, method });
  let answer = shared.get(url);
  if (!answer) {
    answer = request<unknown>(url, { ...init, method });
    shared.set(url, answer);
    // A failed request is not kept: the next caller asks again.
    const kept = answer;
    void kept.then((a) => {
      if (!a.ok && shared.get(url) === kept) shared.delete(url);
    });
  }
  return answer as Promise<JsonAnswer<T>>;
}

/** Drops the shared answer of `url` (once its reader has taken it, so the page does not keep it twice). */
export function forgetJson(url: string): void {
  shared.delete(url);
}
