-- Incremental sync that cannot miss a change (issue 10, D5).
--
-- The loader used to read rows with updated_at > the newest updated_at it had seen. A timestamp is taken while a
-- transaction runs, not when it commits: when transaction A writes a listing, B writes another and commits, a sync
-- runs (its watermark is B's time), and only then A commits, A's row carries a time older than the watermark and is
-- skipped by every later sync. An edit keeps the public count the same, so nothing else noticed either.
--
-- The fix uses transaction ids, which PostgreSQL (and so PGlite and Supabase) exposes to every role:
-- * every change of a listing, and every removal, records the id of the transaction that made it (change_xid, an
--   xid8: 64 bits, never wraps);
-- * before reading, a sync takes its horizon: pg_snapshot_xmin(pg_current_snapshot()), the oldest transaction still
--   running (or the next id when none is). Every transaction with a smaller id has finished and is visible to the
--   reads that follow;
-- * the next sync reads what changed in transactions with an id >= that horizon. A change the previous sync could
--   not see belonged to a transaction that was running at the horizon or started after it, so its id is >= the
--   horizon: it is read. A change it did see may be read once more (an upsert of the same row: harmless).
-- A sequence or clock_timestamp() would not do: both are assigned before commit, in any order relative to commits.
-- The public (anon) role reads the column through its usual policy (verified rows only) and the horizon through the
-- function below, so it works the same through PostgREST, a direct connection and PGlite.

alter table public.glamping_listings add column change_xid xid8 not null default pg_current_xact_id();
comment on column public.glamping_listings.change_xid is
  'Transaction that last changed the row: the incremental sync reads rows changed at or after its horizon.';
alter table public.glamping_listing_removals add column change_xid xid8 not null default pg_current_xact_id();
comment on column public.glamping_listing_removals.change_xid is
  'Transaction that removed the listing from the public set.';

create index glamping_listings_verified_change_idx
  on public.glamping_listings (change_xid) where verification_status = 'verified';
create index glamping_listing_removals_change_idx on public.glamping_listing_removals (change_xid);

create or replace function public.touch_listing() returns trigger
language plpgsql set search_path = '' as $$
begin
  -- clock_timestamp, not now(): rows changed in one transaction still get increasing times (page cache keys).
  new.updated_at := clock_timestamp();
  new.change_xid := pg_catalog.pg_current_xact_id();
  return new;
end;
$$;

create or replace function public.track_listing_removal() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'DELETE' then
    if old.verification_status = 'verified' then
      insert into public.glamping_listing_removals (listing_id, slug, removed_at, change_xid)
      values (old.id, old.slug, clock_timestamp(), pg_catalog.pg_current_xact_id())
      on conflict (listing_id) do update
        set slug = excluded.slug, removed_at = excluded.removed_at, change_xid = excluded.change_xid;
    end if;
    return old;
  end if;
  if old.verification_status = 'verified' and new.verification_status <> 'verified' then
    insert into public.glamping_listing_removals (listing_id, slug, removed_at, change_xid)
    values (old.id, old.slug, clock_timestamp(), pg_catalog.pg_current_xact_id())
    on conflict (listing_id) do update
      set slug = excluded.slug, removed_at = excluded.removed_at, change_xid = excluded.change_xid;
  elsif new.verification_status = 'verified' then
    delete from public.glamping_listing_removals where listing_id = new.id;
  end if;
  return new;
end;
$$;
revoke execute on function public.track_listing_removal() from public, anon, authenticated;

-- Text, not xid8: JSON (PostgREST) has no xid8 and a JavaScript number loses digits past 2^53.
create function public.listing_sync_horizon() returns text
language sql stable set search_path = '' as $$
  select pg_catalog.pg_snapshot_xmin(pg_catalog.pg_current_snapshot())::text;
$$;
comment on function public.listing_sync_horizon() is
  'Oldest transaction still running: every change in an older transaction is committed and visible (issue 10).';
revoke execute on function public.listing_sync_horizon() from public;
grant execute on function public.listing_sync_horizon() to anon, authenticated, service_role;
