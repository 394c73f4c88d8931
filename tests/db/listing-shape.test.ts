/**
 * One listing shape: the table, the listing schema, what writes may set and the staff CSV describe the
 * same columns. Adding a column to one without the others fails here, naming it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Sql } from '../../src/data/sql';
import { CSV_COLUMNS, EDITABLE_FIELDS, importRowSchema } from '../../src/domain/schemas/import';
import { INTERNAL_COLUMNS, LISTING_COLUMNS, STORED_COLUMNS } from '../../src/domain/schemas/listing';
import { backends, describeEachBackend } from './backends';

const sorted = (names: Iterable<string>) => [...names].sort();

describeEachBackend(await backends(), 'the listing shape on $name', (backend) => {
  let db: { sql: Sql; dispose(): Promise<void> };
  beforeAll(async () => {
    db = await backend.create();
  });
  afterAll(() => db?.dispose());

  it('every column of glamping_listings is in the listing schema, and every schema field is a column', async () => {
    const rows = await db.sql.query<{ name: string }>(
      `select column_name::text as name from information_schema.columns
       where table_schema = 'public' and table_name = 'glamping_listings'`,
    );
    const table = rows.map((r) => r.name).filter((c) => !(INTERNAL_COLUMNS as readonly string[]).includes(c));
    expect(sorted(table)).toEqual(sorted(LISTING_COLUMNS));
  });

  it('the write functions may set exactly the stored columns', async () => {
    const [row] = await db.sql.query<{ columns: string[] }>(
      'select public.listing_write_columns($1::text[]) as columns',
      [[...LISTING_COLUMNS, ...INTERNAL_COLUMNS, 'owner_name', 'not_a_column']],
    );
    expect(row?.columns).toEqual(STORED_COLUMNS);
  });
});

it('the staff CSV is the stored columns plus the owner contact, and import reads each of them', () => {
  expect(CSV_COLUMNS).toEqual([...STORED_COLUMNS, 'owner_name', 'owner_email']);
  expect(sorted(Object.keys(importRowSchema.in.shape))).toEqual(sorted(CSV_COLUMNS));
  for (const field of EDITABLE_FIELDS) expect(STORED_COLUMNS).toContain(field);
});
