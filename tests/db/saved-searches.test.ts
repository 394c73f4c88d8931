/** Saved searches on every backend: addresses private, verifications queued, one match per (alert, listing). */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertListings } from '../../scripts/lib/seed';
import { sqlAlertStore } from '../../src/data/alert-sql';
import type { AlertStore } from '../../src/data/alert-store';
import type { DbRole, Sql } from '../../src/data/sql';
import { sqlStaffStore } from '../../src/data/staff-sql';
import { runStaffAction } from '../../src/server/staff/actions';
import { backends, describeEachBackend } from './backends';
import { listingRow } from './fixtures';

const list = await backends();
const TABLES = ['saved_search_addresses', 'saved_searches', 'saved_search_matches', 'saved_search_queue'];
const tokens = () => ({
  confirm: crypto.randomUUID(),
  unsubscribe: crypto.randomUUID(),
  manage: crypto.randomUUID(),
});

describeEachBackend(list, 'saved searches on $name', (backend) => {
  let sql: Sql;
  let alerts: AlertStore;
  let dispose: () => Promise<void>;
  const pending = listingRow({ verification_status: 'pending', state: 'Colorado' });
  const seeded = listingRow();

  beforeAll(async () => {
    ({ sql, dispose } = await backend.create());
    alerts = sqlAlertStore(sql);
    await insertListings(sql, [pending, seeded]);
    const id = await alerts.createAlert(
      {
        email: 'Tess@Example.com',
        query: 'state=Colorado',
        label: 'Glamping in Colorado',
        origin: null,
        frequency: 'instant',
      },
      tokens(),
      [],
    );
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });
  afterAll(() => dispose?.());

  const as = <T>(role: DbRole, text: string) => sql.transaction((tx) => tx.query<T>(text), role);

  for (const role of ['anon', 'authenticated'] as const) {
    it(`${role} can neither read nor write saved searches, nor call their functions`, async () => {
      for (const table of TABLES) {
        await expect(as(role, `select * from public.${table}`)).rejects.toThrow(/permission denied/);
        await expect(as(role, `delete from public.${table}`)).rejects.toThrow(/permission denied/);
      }
      await expect(as(role, 'select * from public.saved_search_counts()')).rejects.toThrow(
        /permission denied/,
      );
      await expect(
        as(role, `select public.saved_search_unsubscribe('00000000-0000-0000-0000-000000000000')`),
      ).rejects.toThrow(/permission denied/);
    });
  }

  it('staff see counts, never an address', async () => {
    const result = await runStaffAction(sqlStaffStore(sql), { action: 'alert-counts' }, 'ada@staff');
    expect(result.alertCounts).toEqual({ addresses: 1, pending: 1, active: 0, paused: 0, queued: 0 });
    expect(JSON.stringify(result)).not.toMatch(/example\.com/i);
  });

  it('queues a verification, not a listing written verified (seed, import)', async () => {
    expect(await alerts.queuedListings(10)).toEqual([]);
    await sql.query(`update public.glamping_listings set verification_status = 'verified' where id = $1`, [
      pending.id,
    ]);
    expect(await alerts.queuedListings(10)).toEqual([{ id: pending.id, slug: pending.slug }]);
  });

  it('records each (alert, listing) once, whatever the number of checks', async () => {
    const [row] = await sql.query<{ id: string }>('select id::text as id from public.saved_searches');
    const first = await alerts.checkAlerts([pending.id], (check) =>
      check.record(row!.id, [pending.id], true),
    );
    expect(first).toEqual([pending.id]);
    const again = await sql.transaction(
      (tx) =>
        tx.query<{ n: number }>(
          `insert into public.saved_search_matches (saved_search_id, listing_id) values ($1, $2)
           on conflict do nothing returning 1 as n`,
          [row!.id, pending.id],
        ),
      'service_role',
    );
    expect(again).toEqual([]);
    expect(await alerts.queuedListings(10)).toEqual([]);
  });
});
