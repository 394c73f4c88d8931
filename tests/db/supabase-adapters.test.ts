import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { supabaseReader, supabaseStore } from '../../src/data/adapters/supabase';
import { supabaseStaffStore } from '../../src/data/adapters/supabase-staff';
import { insertListings } from '../../src/data/seed';
import type { Sql } from '../../src/data/sql';
import { sqlStore } from '../../src/data/sql-store';
import { sqlStaffStore } from '../../src/data/staff-sql';
import { type ImportListing, StaffInputError } from '../../src/data/staff-store';
import { syncListings } from '../../src/data/sync';
import { createSubmitHandler } from '../../src/server/submissions';
import { memoryTransport, postJson, testDeps, validSubmission } from '../functions/support';
import { backends, describeEachBackend } from './backends';
import { listingRow, memorySnapshot, newListing } from './fixtures';
import { type StandIn, type StandInOptions, startPostgrestStandIn } from './postgrest-stand-in';

// The Supabase adapters against a small stand-in of PostgREST (tests/db/postgrest-stand-in.ts): PostgREST itself
// does not run on this machine. The stand-in serves a real database with the caller's role.
const MAX_ROWS = 7;

describeEachBackend(
  await backends(),
  'the Supabase adapters through a PostgREST stand-in on $name',
  (backend) => {
    let sql: Sql;
    let dispose: () => Promise<void>;
    const standIns: StandIn[] = [];
    const standIn = async (options: Partial<StandInOptions> = {}) => {
      const s = await startPostgrestStandIn(sql, { maxRows: MAX_ROWS, ...options });
      standIns.push(s);
      return s;
    };
    const verified = Array.from({ length: 25 }, () => listingRow());

    beforeAll(async () => {
      ({ sql, dispose } = await backend.create());
      await insertListings(sql, [
        ...verified,
        ...Array.from({ length: 3 }, () => listingRow({ verification_status: 'pending' })),
      ]);
    });
    afterAll(async () => {
      for (const s of standIns) await s.close();
      await dispose?.();
    });

    it(`a full sync reads every verified listing when Max Rows (${MAX_ROWS}) is below the page size`, async () => {
      const api = await standIn();
      const snap = memorySnapshot();
      const report = await syncListings(
        supabaseReader(api.url, api.anonKey),
        snap.store,
        snap.meta,
        (l) => l.id,
      );
      expect(report).toMatchObject({ mode: 'full', read: 25, total: 25 });
      expect(snap.store.keys().sort()).toEqual(verified.map((l) => l.id).sort());
      expect(api.log.filter((l) => l.startsWith('GET glamping_listings')).length).toBe(
        Math.ceil(25 / MAX_ROWS),
      );

      // Then incrementally, through the same filters: one edit (same count) and one removal.
      const [edited, removed] = [verified[0], verified[1]];
      await sql.query(`update public.glamping_listings set property_name = 'Edited' where id = $1`, [
        edited?.id,
      ]);
      await sql.query(`update public.glamping_listings set verification_status = 'pending' where id = $1`, [
        removed?.id,
      ]);
      const next = await syncListings(
        supabaseReader(api.url, api.anonKey),
        snap.store,
        snap.meta,
        (l) => l.id,
      );
      expect(next).toMatchObject({ mode: 'incremental', read: 1, removed: 1, total: 24 });
      expect(snap.entries.get(edited?.id ?? '')?.property_name).toBe('Edited');
      await sql.query(`update public.glamping_listings set verification_status = 'verified' where id = $1`, [
        removed?.id,
      ]);
    });

    it('fails the read rather than publish fewer rows than the exact count', async () => {
      const api = await standIn({ rowsServed: 20 });
      await expect(supabaseReader(api.url, api.anonKey).readPublic(null)).rejects.toThrow(
        'Supabase listing read: read 20 rows of 25; refusing an incomplete result',
      );
    });

    it('reads every audit entry and every pending listing with its owner, page by page', async () => {
      const api = await standIn();
      const staff = supabaseStaffStore(api.url, api.serviceKey);
      const direct = sqlStaffStore(sql);
      const id = verified[2]?.id ?? '';
      for (let i = 0; i < 8; i++) {
        await direct.setFeatured(id, true, `actor-${i}`);
        await direct.setFeatured(id, false, `actor-${i}`);
      }
      const audit = await staff.audit();
      expect(audit).toHaveLength(16);
      expect(audit.at(-1)).toMatchObject({ actor: 'actor-7', action: 'unfeature' });
      expect(await staff.audit(id)).toEqual(await direct.audit(id));

      const store = sqlStore(sql);
      for (let i = 0; i < 9; i++)
        await store.submitListing(
          { ...validListing, slug: `paged-${i}`, property_name: `Paged ${i}` },
          { owner_name: `Owner ${i}`, email: `owner${i}@example.com` },
          [],
        );
      const pending = await staff.pending();
      expect(pending).toEqual(await direct.pending());
      expect(pending.filter((l) => l.owner_email?.startsWith('owner'))).toHaveLength(9);
    });

    it('answers 400 with the reason when the database refuses a submission (P0001, 23514), storing nothing', async () => {
      const api = await standIn();
      await sql.exec(`
      create function public.refuse_listing() returns trigger language plpgsql as $$
      begin
        if new.property_name like 'Listed Twice%' then
          raise exception 'This property is already listed';
        end if;
        return new;
      end $$;
      create trigger refuse_listing before insert on public.glamping_listings
        for each row execute function public.refuse_listing();
      alter table public.listing_owner_contacts add constraint no_robots check (owner_name <> 'Robot') not valid;`);
      const store = supabaseStore(api.url, api.anonKey, api.serviceKey);
      const submit = createSubmitHandler(testDeps(store, memoryTransport()));
      const count = async () =>
        (await sql.query<{ n: number }>('select count(*)::int as n from public.glamping_listings'))[0]?.n;
      const before = await count();

      const raised = await submit(
        postJson('/api/listings', validSubmission({ propertyName: 'Listed Twice' })),
      );
      expect(raised.status).toBe(400);
      expect(await raised.json()).toEqual({ error: 'This property is already listed' });

      const checked = await submit(postJson('/api/listings', validSubmission({ ownerName: 'Robot' })));
      expect(checked.status).toBe(400);
      expect(((await checked.json()) as { error: string }).error).toMatch(
        /^Refused by the database: .*"no_robots"/,
      );
      expect(await count()).toBe(before);
    });

    it('gives staff the reason of a refused rpc (23505) as their input error', async () => {
      const api = await standIn();
      const staff = supabaseStaffStore(api.url, api.serviceKey);
      const [existing] = await sqlStaffStore(sql).all();
      const copy = { ...existing, id: randomUUID() } as unknown as ImportListing;
      const refused = staff.importListings([copy], 'ada');
      await expect(refused).rejects.toThrow(StaffInputError);
      await expect(refused).rejects.toThrow(/^Already taken: Key \(slug\)=/);
    });
  },
);

const validListing = newListing({ slug: 'x', property_name: 'x', amenities: ['Fire Pit'], features: [] });
