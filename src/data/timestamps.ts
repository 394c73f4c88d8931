/**
 * Normalises a timestamp to fixed-width UTC text with microseconds ('2026-11-22T21:59:00.123456Z'), the form the
 * SQL store selects. Fixed width makes text order equal time order, so watermarks compare as strings.
 */
export function normalizeTimestamp(value: string): string {
  const m = /^(\d{4}-\d\d-\d\d)[T ](\d\d:\d\d:\d\d)(\.\d+)?(Z|[+-]00(?::?00)?)?$/.exec(value.trim());
  if (m) return `${m[1]}T${m[2]}${(m[3] ?? '.').padEnd(7, '0').slice(0, 7)}Z`;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new Error(`Unreadable timestamp: ${value}`);
  return `${date.toISOString().slice(0, 23)}000Z`;
}
