import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertListings } from '../../scripts/lib/seed';
import type { Sql } from '../../src/data/sql';
import { backends, describeEachBackend } from './backends';
import { listingRow } from './fixtures';

// Rules every object in the public schema keeps, read from pg_catalog, so a new migration that forgets one fails
// here rather than in a database advisor after deployment.
const list = await backends();
const PUBLIC_ROLES = ['anon', 'authenticated'];
/**
 * Functions the public roles may call: the site's build reads the sync horizon with the anon key; the counting
 * function is the only way to the insight counts (D35); photo_ids_distinct is called by a table's check as whoever
 * writes (it reads nothing but its argument). Everything else is the server's.
 */
const PUBLIC_FUNCTIONS = ['count_events', 'listing_sync_horizon', 'photo_ids_distinct'];
/** The one function that runs with its owner's rights: the counting function, so the public never holds a grant. */
const SECURITY_DEFINER = ['count_events'];

// Objects an extension installed are the extension's business, not this schema's.
const NOT_FROM_EXTENSION = (alias: string, catalog: string) =>
  `not exists (select 1 from pg_depend d where d.classid = '${catalog}'::regclass and d.objid = ${alias}.oid
     and d.deptype = 'e')`;

const PUBLIC_FUNCTIONS_SQL = `from pg_proc p where p.pronamespace = 'public'::regnamespace and p.prokind = 'f'
  and ${NOT_FROM_EXTENSION('p', 'pg_proc')}`;

const PUBLIC_TABLES_SQL = `from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
  and ${NOT_FROM_EXTENSION('c', 'pg_class')}`;

describeEachBackend(list, 'schema rules on $name', (backend) => {
  let sql: Sql;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ sql, dispose } = await backend.create());
  });
  afterAll(() => dispose?.());

  const names = async (text: string) => (await sql.query<{ name: string }>(text)).map((r) => r.name).sort();

  it('every function in public sets its own search_path', async () => {
    expect(await names(`select p.proname as name ${PUBLIC_FUNCTIONS_SQL}`)).toContain('submit_listing');
    const mutable = await names(
      `select p.proname as name ${PUBLIC_FUNCTIONS_SQL}
       and not exists (select 1 from unnest(p.proconfig) as s where s like 'search_path=%')`,
    );
    expect(mutable).toEqual([]);
  });

  it('no function in public but the counting function runs with its owner’s rights (security definer)', async () => {
    expect(await names(`select p.proname as name ${PUBLIC_FUNCTIONS_SQL} and p.prosecdef`)).toEqual(
      SECURITY_DEFINER,
    );
  });

  it('anon and authenticated may execute only the public API functions', async () => {
    for (const role of PUBLIC_ROLES) {
      const callable = await names(
        `select p.proname as name ${PUBLIC_FUNCTIONS_SQL} and has_function_privilege('${role}', p.oid, 'execute')`,
      );
      expect(callable, role).toEqual(PUBLIC_FUNCTIONS);
    }
  });

  it('every table in public has row level security and a policy for each operation of each public role', async () => {
    // A policy decides (role, operation) when it names the role (or PUBLIC) and the operation (or ALL). A role
    // that holds the privilege needs a permissive one, or the grant is dead; any other needs a restrictive deny.
    const gaps = await sql.query<{ gap: string }>(
      `with t as (select c.oid, c.relname, c.relrowsecurity ${PUBLIC_TABLES_SQL}),
         role as (select rolname, oid from pg_roles where rolname = any($1::text[])),
         op (cmd, privilege) as (values ('r', 'select'), ('a', 'insert'), ('w', 'update'), ('d', 'delete')),
         decided as (
           select t.relname, role.rolname, op.privilege, t.relrowsecurity,
             has_table_privilege(role.oid, t.oid, op.privilege) as granted,
             exists (select 1 from pg_policy p where p.polrelid = t.oid and p.polcmd in (op.cmd, '*')
               and (role.oid = any(p.polroles) or 0::oid = any(p.polroles)) and p.polpermissive) as permissive,
             exists (select 1 from pg_policy p where p.polrelid = t.oid and p.polcmd in (op.cmd, '*')
               and (role.oid = any(p.polroles) or 0::oid = any(p.polroles)) and not p.polpermissive) as restrictive
           from t cross join role cross join op)
       select relname || ': ' || case
           when not relrowsecurity then 'row level security is off'
           when granted and not permissive then rolname || ' may ' || privilege || ' but no policy lets it'
           else 'no policy decides ' || privilege || ' for ' || rolname end as gap
       from decided
       where not relrowsecurity or (granted and not permissive) or not (permissive or restrictive)
       order by 1`,
      [PUBLIC_ROLES],
    );
    expect(gaps.map((g) => g.gap)).toEqual([]);
  });

  it('every foreign key in public is covered by an index that leads with its columns', async () => {
    const unindexed = await names(
      `select c.conrelid::regclass::text || '.' || c.conname as name
       from pg_constraint c
       where c.contype = 'f' and c.connamespace = 'public'::regnamespace
         and not exists (
           select 1 from pg_index i
           where i.indrelid = c.conrelid and i.indisvalid
             and (string_to_array(i.indkey::text, ' ')::smallint[])[1:cardinality(c.conkey)] @> c.conkey
             and (string_to_array(i.indkey::text, ' ')::smallint[])[1:cardinality(c.conkey)] <@ c.conkey)`,
    );
    expect(
      await names(`select conname as name from pg_constraint where contype = 'f'
      and connamespace = 'public'::regnamespace`),
    ).not.toEqual([]);
    expect(unindexed).toEqual([]);
  });

  it('a later permissive policy and grant still do not open staff-only rows to the public roles', async () => {
    const rollback = new Error('roll back');
    const seen = await sql
      .transaction(async (tx) => {
        await tx.exec(`insert into public.contact_messages (name, email, subject, message)
          values ('Ada', 'a@x.io', 'Hi', 'Hello');
          grant select on public.contact_messages to anon;
          create policy "a careless later policy" on public.contact_messages for select to anon using (true);
          set local role anon;`);
        const rows = await tx.query('select name from public.contact_messages');
        throw Object.assign(rollback, { rows });
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
        return (error as Error & { rows: unknown[] }).rows;
      });
    expect(seen).toEqual([]);
  });

  it('removing a verified listing as the server role still records its removal', async () => {
    const listing = listingRow();
    await insertListings(sql, [listing]);
    await sql.transaction(
      (tx) =>
        tx.query(`update public.glamping_listings set verification_status = 'rejected' where id = $1`, [
          listing.id,
        ]),
      'service_role',
    );
    const removed = await sql.query<{ slug: string }>(
      'select slug from public.glamping_listing_removals where listing_id = $1',
      [listing.id],
    );
    expect(removed).toEqual([{ slug: listing.slug }]);
  });
});
