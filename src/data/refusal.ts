/**
 * The message for a refusal caused by what the caller sent, or null for a failure of the database itself. Works on
 * the error as the driver throws it (postgres.js and PGlite both keep the SQLSTATE in `code`).
 * Refusals: integrity constraints (class 23), bad data (class 22), a `raise exception` with its default code P0001
 * (the SQL functions raise those with a message meant for the user) and P0002 (no such row).
 */
export function refusalMessage(error: unknown): string | null {
  const e = error as { code?: unknown; message?: unknown; detail?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : String(error);
  const detail = typeof e?.detail === 'string' && e.detail ? e.detail : null;
  if (code === 'P0001' || code === 'P0002' || code === '22023') return message;
  if (code === '23505') return `Already taken: ${detail ?? message}`;
  if (code.startsWith('23') || code.startsWith('22')) return `Refused by the database: ${message}`;
  return null;
}
