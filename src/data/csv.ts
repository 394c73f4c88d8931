import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import {
  CSV_COLUMNS,
  EDITABLE_FIELDS,
  editableFields,
  importRowSchema,
  LIST_SEPARATOR,
} from '../domain/schemas/import';
import { printable } from '../domain/text';
import type { ImportListing, StaffListing } from './staff-store';

/** One problem with one cell of an import file: 'line 7, phone: Please enter a 10-digit phone number'. */
export interface ImportProblem {
  line: number;
  field: string;
  message: string;
}

// A file without these cannot describe a listing (the fields whose rule refuses an empty cell); the other columns
// may be left out.
const REQUIRED_COLUMNS = EDITABLE_FIELDS.filter((f) => !editableFields[f].safeParse('').success);

/**
 * A cell a spreadsheet would run as a formula: it starts with =, +, -, @, tab or CR (OWASP, CSV injection), maybe
 * behind quotes this module added. A plain number ('-109.55') is a number to a spreadsheet, not a formula.
 */
const FORMULA = /^'*[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
/** A cell that export prefixed: one or more quotes, then a formula's first character. */
const PREFIXED = /^'+[=+\-@\t\r]/;

/**
 * Export side: a formula-like cell gets a leading single quote, so a submission nobody has reviewed yet reaches
 * a staff spreadsheet as text, never as a live formula. A value that already starts with quotes before such a
 * character gets one more, so import can tell the two apart.
 */
export function neutralizeCell(value: string): string {
  return FORMULA.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/**
 * Import side: removes the one quote neutralizeCell added (a quote or more, then =, +, -, @, tab or CR), so
 * export -> import gives back the original values. Any other leading quote is data and stays ("'Tis the season").
 * A person typing '=1+2 into a file gets =1+2 stored, as a spreadsheet would show it.
 */
export function restoreCell(value: string): string {
  return PREFIXED.test(value) ? value.slice(1) : value;
}

// Lists of words are joined for people; structured values (photos) are JSON.
const cell = (value: unknown): string =>
  neutralizeCell(
    Array.isArray(value)
      ? value.some((v) => typeof v === 'object')
        ? JSON.stringify(value)
        : value.join(`${LIST_SEPARATOR} `)
      : value === null || value === undefined
        ? ''
        : String(value),
  );

/** Listings as the staff CSV (header + one row each), in the given order; formula-like cells neutralised. */
export function listingsToCsv(listings: readonly StaffListing[]): string {
  const rows = listings.map((l) => CSV_COLUMNS.map((c) => cell(l[c])));
  return stringify([[...CSV_COLUMNS], ...rows]);
}

/** The newsletter's confirmed addresses as CSV (email, confirmed_at); formula-like cells neutralised. */
export function subscribersToCsv(
  subscribers: ReadonlyArray<{ email: string; confirmed_at: string }>,
): string {
  return stringify([
    ['email', 'confirmed_at'],
    ...subscribers.map((s) => [cell(s.email), cell(s.confirmed_at)]),
  ]);
}

/**
 * A CSV to show on a terminal rather than to save: the same records, each cell escaped by printable(), so a line
 * break inside a cell prints as \n and only real record ends start a new line.
 */
export function csvForTerminal(csv: string): string {
  const records: string[][] = parse(csv, { bom: true, relax_column_count: true });
  return stringify(records.map((record) => record.map(printable)));
}

/** Human text for a problem, the way staff read it; a column name from the file is printed escaped. */
export function describeProblem(p: ImportProblem): string {
  return `line ${p.line}, ${printable(p.field)}: ${printable(p.message)}`;
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
    const cells = Object.fromEntries(Object.entries(record).map(([k, v]) => [k, restoreCell(v)]));
    const result = importRowSchema.safeParse(cells);
    if (!result.success) {
      const fields = new Set<string>();
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? 'row');
        if (!fields.has(field)) problems.push({ line, field, message: issue.message });
        fields.add(field);
      }
      continue;
    }
    const row: ImportListing = { ...result.data, id: result.data.id ?? newId() };
    // A column the file leaves out (a file from before a column existed, or a sheet cut down to a few columns)
    // leaves that field of a listing as it was: only the columns a row carries are written (listing_write_columns).
    for (const c of EDITABLE_FIELDS) if (!header.includes(c)) delete (row as Partial<ImportListing>)[c];
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
