import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertListings } from '../../scripts/lib/seed';
import type { DbRole, Sql } from '../../src/data/sql';
import { backends, describeEachBackend } from './backends';
import { listingRow } from './fixtures';

const list = await backends();
const PRIVATE_TABLES = ['listing_owner_contacts', 'contact_messages', 'email_outbox', 'schema_migrations'];

describeEachBackend(list, 'row level security on $name', (backend) => {
  let sql: Sql;
  let dispose: () => Promise<void>;
  const verified = listingRow();
  const pending = listingRow({ verification_status: 'pending' });
  const rejected = listingRow({ verification_status: 'rejected' });

  beforeAll(async () => {
    ({ sql, dispose } = await backend.create());
    await insertListings(sql, [verified, pending, rejected]);
    await sql.query(
      `insert into public.listing_owner_contacts (listing_id, owner_name, email) values ($1, 'Ada', 'a@x.io')`,
      [pending.id],
    );
  });
  afterAll(() => dispose?.());

  const as = <T>(role: DbRole, text: string, params: unknown[] = []) =>
    sql.transaction((tx) => tx.query<T>(text, params), role);

  it('has row level security enabled on every table', async () => {
    const rows = await sql.query<{ relname: string; relrowsecurity: boolean }>(
      `select relname, relrowsecurity from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r'`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(rows.filter((r) => !r.relrowsecurity)).toEqual([]);
  });

  for (const role of ['anon', 'authenticated'] as const) {
    it(`${role} reads verified listings only`, async () => {
      const rows = await as<{ id: string }>(role, 'select id from public.glamping_listings');
      expect(rows.map((r) => r.id)).toEqual([verified.id]);
    });

    it(`${role} cannot read private tables`, async () => {
      for (const table of PRIVATE_TABLES) {
        await expect(as(role, `select * from public.${table}`)).rejects.toThrow(/permission denied/);
      }
    });

    it(`${role} cannot insert, update or delete listings`, async () => {
      await expect(as(role, `insert into public.glamping_listings (slug) values ('x')`)).rejects.toThrow(
        /permission denied/,
      );
      await expect(as(role, `update public.glamping_listings set featured = true`)).rejects.toThrow(
        /permission denied/,
      );
      await expect(as(role, 'delete from public.glamping_listings')).rejects.toThrow(/permission denied/);
      const [row] = await sql.query<{ n: number }>(
        'select count(*)::int as n from public.glamping_listings where featured',
      );
      expect(row?.n).toBe(0);
    });

    it(`${role} cannot call the write functions`, async () => {
      await expect(
        as(role, `select public.submit_listing('{}'::jsonb, '{}'::jsonb, '[]'::jsonb)`),
      ).rejects.toThrow(/permission denied/);
      await expect(as(role, `select public.save_contact_message('{}'::jsonb, '[]'::jsonb)`)).rejects.toThrow(
        /permission denied/,
      );
      await expect(as(role, `select public.outbox_mark_sent(gen_random_uuid())`)).rejects.toThrow(
        /permission denied/,
      );
    });
  }

  it('service_role reads and writes everything', async () => {
    const rows = await as<{ id: string }>('service_role', 'select id from public.glamping_listings');
    expect(rows).toHaveLength(3);
    const owners = await as('service_role', 'select owner_name from public.listing_owner_contacts');
    expect(owners).toEqual([{ owner_name: 'Ada' }]);
  });
});
