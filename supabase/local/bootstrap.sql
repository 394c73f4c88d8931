-- Local stand-in for what Supabase provides before any migration runs: its three API roles.
-- Used for PGlite and a plain PostgreSQL server only; never applied to Supabase (it has these already).
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
end
$$;
grant usage on schema public to anon, authenticated, service_role;

create table if not exists public.schema_migrations (
  version text primary key,
  applied_at timestamptz not null default now()
);
alter table public.schema_migrations enable row level security;
revoke all on public.schema_migrations from anon, authenticated;
-- Denied by a stated rule, not only by the absence of a policy (as the staff-only tables, migration 20261123020000).
do $$
begin
  if not exists (
    select 1 from pg_policy where polrelid = 'public.schema_migrations'::regclass and polname = 'Local bookkeeping only'
  ) then
    create policy "Local bookkeeping only" on public.schema_migrations as restrictive
      for all to anon, authenticated using (false) with check (false);
  end if;
end
$$;
