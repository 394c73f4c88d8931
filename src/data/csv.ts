import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { CSV_COLUMNS, importRowSchema, LIST_SEPARATOR } from '../domain/schemas/import';
import type { ImportListing, StaffListing } from './staff-store';

/** One problem with one cell of an import file: 'line 7, phone: Please enter a 10-digit phone number'. */
export interface ImportProblem {
  line: number;
  field: string;
  message: string;
}

// A file without these cannot describe a listing; the other columns may be left out.
const REQUIRED_COLUMNS = [
  'property_name',
  'latitude',
  'longitude',
  'street_address',
  'city',
  'state',
  'zip_code',
  'phone',
  'accommodation_type',
  'setting_type',
];

const cell = (value: unknown): string =>
  Array.isArray(value)
    ? value.join(`${LIST_SEPARATOR} `)
    : value === null || value === undefined
      ? ''
      : String(value);

/** Listings as the staff CSV (header + one row each), in the given order. */
export function listingsToCsv(listings: readonly StaffListing[]): string {
  const rows = listings.map((l) => CSV_COLUMNS.map((c) => cell(l[c])));
  return stringify([[...CSV_COLUMNS], ...rows]);
}

/** Human text for a problem, the way staff read it. */
export function describeProblem(p: ImportProblem): string {
  return `line ${p.line}, ${p.field}: ${p.message}`;
}

/**
 * Parses and validates a staff CSV. Every bad row is reported by its line in the file and its field; rows without
 * an id get newId(). Returns the rows only when there is no problem at all (nothing is half-imported).
 */
export function parseImportCsv(
  text: string,
  newId: () => string,
): { rows: ImportListing[]; problems: ImportProblem[] } {
  let records: Array<{ record: Record<string, string>; info: { lines: number } }>;
  try {
    records = parse(text, { columns: true, bom: true, skip_empty_lines: true, info: true, trim: false });
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    return { rows: [], problems: [{ line, field: 'file', message: (error as Error).message }] };
  }
  const problems: ImportProblem[] = [];
  const header = Object.keys(records[0]?.record ?? {});
  const missing = REQUIRED_COLUMNS.filter((c) => !header.includes(c));
  const unknown = header.filter((h) => !(CSV_COLUMNS as readonly string[]).includes(h));
  for (const c of missing) problems.push({ line: 1, field: c, message: 'Column is missing from the header' });
  for (const c of unknown) problems.push({ line: 1, field: c, message: 'Unknown column' });
  if (problems.length) return { rows: [], problems };

  const rows: ImportListing[] = [];
  const seen = new Map<string, number>();
  for (const { record, info } of records) {
    const line = info.lines;
    const result = importRowSchema.safeParse(record);
    if (!result.success) {
      const fields = new Set<string>();
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? 'row');
        if (!fields.has(field)) problems.push({ line, field, message: issue.message });
        fields.add(field);
      }
      continue;
    }
    const row = { ...result.data, id: result.data.id ?? newId() };
    for (const key of [`id:${row.id}`, `slug:${row.slug}`]) {
      const first = seen.get(key);
      if (first !== undefined) {
        const field = key.split(':')[0] ?? 'id';
        problems.push({ line, field, message: `Same ${field} as line ${first}` });
      }
      seen.set(key, line);
    }
    rows.push(row);
  }
  return problems.length ? { rows: [], problems } : { rows, problems };
}
