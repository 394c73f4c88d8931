import { fetchJson } from '../shared/fetch-json';

/** Calls of the staff console and the sign-in pages to their functions; same-origin, so the session cookie goes along. */

export type Answer<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; error: string; fields?: Record<string, string> };

const UNREACHABLE = 'We could not reach the server. Check your connection and try again.';

async function call<T>(url: string, init: RequestInit): Promise<Answer<T>> {
  const res = await fetchJson<T>(url, { ...init, credentials: 'same-origin' });
  if (res.status === 0) return { ok: false, status: 0, error: UNREACHABLE };
  const body = res.data as (T & { error?: string; fields?: Record<string, string> }) | null;
  if (res.ok && body) return { ok: true, data: body };
  return {
    ok: false,
    status: res.status,
    error: body?.error ?? `The server answered with error ${res.status}.`,
    ...(body?.fields ? { fields: body.fields } : {}),
  };
}

export const postJson = <T>(url: string, body: unknown) =>
  call<T>(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

export const getJson = <T>(url: string) => call<T>(url, { method: 'GET' });

export interface Session {
  email: string;
  staff: boolean;
  /** Owns at least one listing. */
  owner: boolean;
}
