/**
 * The facts glampers filter by (D32): seven optional columns, null meaning "not stated". The migration
 * keeps every existing row; submissions, staff edits and staff imports write them; the table refuses values out of
 * bounds; the public read returns them typed.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrate, migrationFiles } from '../../scripts/lib/migrate';
import { insertListings } from '../../scripts/lib/seed';
import { openPglite } from '../../src/data/adapters/pglite';
import { listingsToCsv } from '../../src/data/csv';
import type { Sql } from '../../src/data/sql';
import { sqlStore } from '../../src/data/sql-store';
import { sqlStaffStore } from '../../src/data/staff-sql';
import type { StaffStore } from '../../src/data/staff-store';
import type { Store } from '../../src/data/store';
import { NO_FACTS } from '../../src/domain/facts';
import { runStaffAction, type StaffRequest } from '../../src/server/staff/actions';
import { backends, describeEachBackend } from './backends';
import { listingRow, newListing } from './fixtures';

const FACTS_MIGRATION = '20261124030000';
const ROOT = new URL('../../supabase/', import.meta.url).pathname;

it('the facts migration keeps every existing listing as it was, with every fact not stated', async () => {
  const sql = await openPglite();
  try {
    // The schema as it was just before the facts: every earlier migration, recorded as applied.
    await sql.exec(await readFile(`${ROOT}local/bootstrap.sql`, 'utf8'));
    for (const file of await migrationFiles()) {
      if (file.slice(0, 14) >= FACTS_MIGRATION) break;
      await sql.exec(await readFile(`${ROOT}migrations/${file}`, 'utf8'));
      await sql.query('insert into public.schema_migrations (version) values ($1)', [file.slice(0, 14)]);
    }
    await sql.exec(`insert into public.glamping_listings (id, slug, property_name, description, latitude, longitude,
        street_address, city, state, zip_code, phone, accommodation_type, setting_type, amenities, verification_status)
      values ('00000000-0000-4000-8000-0000000000f1', 'old-camp-moab-utah', 'Old Camp', 'Kept as it was', 38.5,
        -109.5, '1 Road', 'Moab', 'Utah', '84532', '4355550100', 'Yurts', 'Desert', '{Parking}', 'verified')`);
    const before = await sql.query('select * from public.glamping_listings');

    expect(await migrate(sql)).toContain(FACTS_MIGRATION);

    const [after] = await sql.query<Record<string, unknown>>('select * from public.glamping_listings');
    expect(after).toMatchObject(before[0] as object);
    for (const column of Object.keys(NO_FACTS)) expect(after?.[column], column).toBeNull();
  } finally {
    await sql.close();
  }
});

describeEachBackend(await backends(), 'listing facts on $name', (backend) => {
  let sql: Sql;
  let store: Store;
  let staff: StaffStore;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ sql, dispose } = await backend.create());
    store = sqlStore(sql);
    staff = sqlStaffStore(sql);
  });
  afterAll(() => dispose?.());
  const act = (request: StaffRequest) => runStaffAction(staff, request, 'ada@staff');
  const stated = {
    open_months: [5, 6, 7, 8, 9, 10],
    pets_allowed: true,
    good_for_kids: false,
    wheelchair_accessible: true,
    accessibility_note: 'Ramp to tent 3',
    sleeps: 6,
    min_nights: 2,
  };

  it('a submission stores the facts, and once verified the public read returns them typed', async () => {
    const { id } = await store.submitListing(
      newListing({ slug: 'facts-camp-moab-utah', ...stated }),
      { owner_name: 'Ada', email: 'ada@example.com' },
      [],
    );
    await act({ action: 'verify', id });
    const { listings } = await store.readPublic(null);
    expect(listings.find((l) => l.id === id)).toMatchObject(stated);
  });

  it('a listing that stated nothing reads back as not stated, never as no', async () => {
    const { id } = await store.submitListing(
      newListing({ slug: 'quiet-camp-moab-utah' }),
      { owner_name: 'Ada', email: 'ada@example.com' },
      [],
    );
    expect(await staff.find(id)).toMatchObject(NO_FACTS);
  });

  it('the table refuses facts out of bounds', async () => {
    for (const bad of [
      { sleeps: 0 },
      { sleeps: 501 },
      { min_nights: 366 },
      { open_months: [13] },
      { open_months: [0, 5] },
      { accessibility_note: 'x'.repeat(201) },
    ]) {
      await expect(insertListings(sql, [listingRow(bad)]), JSON.stringify(bad)).rejects.toThrow();
    }
  });

  it('staff edit each fact with the domain rule, and coordinates_source too', async () => {
    const { id } = await store.submitListing(
      newListing({ slug: 'edit-facts-moab-utah' }),
      { owner_name: 'Ada', email: 'ada@example.com' },
      [],
    );
    await act({ action: 'edit', id, field: 'open_months', value: '10; 11' });
    await act({ action: 'edit', id, field: 'pets_allowed', value: 'yes' });
    await act({ action: 'edit', id, field: 'good_for_kids', value: 'false' });
    await act({ action: 'edit', id, field: 'sleeps', value: '8' });
    await act({ action: 'edit', id, field: 'accessibility_note', value: 'Level path' });
    await act({ action: 'edit', id, field: 'coordinates_source', value: 'zip' });
    expect(await staff.find(id)).toMatchObject({
      open_months: [10, 11],
      pets_allowed: true,
      good_for_kids: false,
      sleeps: 8,
      accessibility_note: 'Level path',
      coordinates_source: 'zip',
    });
    await act({ action: 'edit', id, field: 'pets_allowed', value: '' });
    expect((await staff.find(id))?.pets_allowed).toBeNull();
    await expect(act({ action: 'edit', id, field: 'sleeps', value: '0' })).rejects.toThrow(
      'sleeps: Please enter a whole number from 1 to 500',
    );
    await expect(act({ action: 'edit', id, field: 'featured', value: 'true' })).rejects.toThrow(
      'Field "featured" cannot be edited',
    );
    await expect(staff.edit(id, 'featured', true, 'ada')).rejects.toThrow('cannot be edited');
  });

  it('the staff CSV carries the facts: export, then import into an empty database, gives the same file', async () => {
    await insertListings(sql, [listingRow({ slug: 'csv-facts-moab-utah', ...stated })]);
    const exported = await act({ action: 'export' });
    const csv = exported.csv ?? '';
    expect(csv.split('\n')[0]).toContain('open_months,pets_allowed,good_for_kids');
    const other = await backend.create();
    try {
      const otherStaff = sqlStaffStore(other.sql);
      await runStaffAction(otherStaff, { action: 'import', csv }, 'ada@staff');
      const again = listingsToCsv(await otherStaff.all());
      expect(again).toBe(listingsToCsv(await staff.all()));
      expect((await otherStaff.find('csv-facts-moab-utah'))?.open_months).toEqual(stated.open_months);
    } finally {
      await other.dispose();
    }
  });
});
