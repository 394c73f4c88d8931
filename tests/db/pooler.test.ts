/**
 * Production reaches Supabase's Postgres through its connection pooler in transaction mode (docs/deploying.md,
 * Database connection): each transaction may run on another server connection, shared with other clients. The
 * adapter production uses (src/data/adapters/postgres.ts) must therefore leave nothing on a connection between
 * transactions: no named prepared statement, no role. Checked on one connection of the real server, so whatever the
 * store leaves behind is seen by the next statement.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertListings } from '../../scripts/lib/seed';
import { openPostgres } from '../../src/data/adapters/postgres';
import type { Sql } from '../../src/data/sql';
import { sqlStore } from '../../src/data/sql-store';
import { sqlStaffStore } from '../../src/data/staff-sql';
import { backends, describeEachBackend } from './backends';
import { listingRow, newListing } from './fixtures';

const servers = (await backends()).filter((b) => b.name !== 'PGlite');

describeEachBackend(
  servers,
  'the production adapter on the $name, as behind a transaction pooler',
  (server) => {
    let db: Awaited<ReturnType<(typeof servers)[number]['create']>>;
    let sql: Sql;

    beforeAll(async () => {
      db = await server.create();
      sql = openPostgres(db.url as string, { max: 1 });
    });
    afterAll(async () => {
      await sql?.close();
      await db?.dispose();
    });

    it('prepares no named statement, however often a query runs', async () => {
      const verified = listingRow();
      await insertListings(db.sql, [verified]);
      const store = sqlStore(sql);
      for (let i = 0; i < 3; i++) {
        expect(await store.countPublic()).toBe(1);
        expect((await store.readPublic(null)).listings.map((l) => l.id)).toEqual([verified.id]);
      }
      await store.submitListing(
        newListing({ slug: 'pooled-yurts' }),
        { owner_name: 'Ann', email: 'a@example.com' },
        [],
      );
      expect((await sqlStaffStore(sql).find('pooled-yurts'))?.owner_email).toBe('a@example.com');
      expect(await sql.query('select name, statement from pg_prepared_statements')).toEqual([]);
    });

    it('switches role inside each transaction only: the next transaction starts as the login role again', async () => {
      const [login] = await sql.query<{ who: string }>('select current_user as who');
      for (const role of ['anon', 'service_role'] as const) {
        const [inside] = await sql.transaction(
          (tx) => tx.query<{ who: string }>('select current_user as who'),
          role,
        );
        expect(inside?.who).toBe(role);
        expect(await sql.query('select current_user as who')).toEqual([login]);
      }
      // As the build reads: row level security shows the public role verified listings only.
      await sqlStore(sql).submitListing(
        newListing({ slug: 'still-pending' }),
        { owner_name: 'B', email: 'b@example.com' },
        [],
      );
      expect(await sqlStore(sql).countPublic()).toBe(1);
    });
  },
);
