-- Findings of a run of Supabase's database linter (splinter): access rules the catalog states instead of implies
-- (D8), and indexes nothing reads.
--
-- 1. The staff-only tables had row level security on and no policy at all ("RLS enabled, no policy"). That denies
--    the public roles today, but only by absence: one careless `grant` or permissive policy in a later migration
--    (Supabase's default privileges grant everything on new public tables to anon and authenticated) would open
--    owners' e-mails, contact messages and the outbox. A restrictive policy that is always false for anon and
--    authenticated keeps them out whatever else is added, and says so where the linter and the dashboard look.
--    service_role keeps its access: it bypasses row level security.
-- 2. The two public tables allow anon and authenticated to read, and nothing else only because no write policy
--    exists. Each write operation now has its own restrictive deny for them, so reading stays the only way in.
-- 3. touch_listing() was the one function in public still executable by PUBLIC (so by anon and authenticated). It
--    is a trigger function: triggers fire without EXECUTE, so nobody needs it.
-- 4. track_listing_removal() ran as its owner (security definer) for no need: every role that may change a listing
--    (service_role, the owner) may also write glamping_listing_removals. As invoker it cannot lend the owner's
--    rights to anyone, should a role ever get to update listings without write access to removals.
-- 5. Two indexes no query uses since the sync reads by transaction id (20261123000100): verified listings by
--    updated_at and removals by removed_at. Nothing filters or sorts on those columns (the linter's "unused index",
--    confirmed by replaying the app's reads on 1240 sample listings), and each costs every listing write.

do $$
declare
  t text;
begin
  foreach t in array array['listing_owner_contacts', 'contact_messages', 'email_outbox', 'staff_audit_log',
    'staff_rebuild_state']
  loop
    execute format(
      'create policy "Staff only: the public roles never see or change rows" on public.%I as restrictive '
      'for all to anon, authenticated using (false) with check (false)', t);
  end loop;

  foreach t in array array['glamping_listings', 'glamping_listing_removals']
  loop
    execute format(
      'create policy "The public roles never insert" on public.%I as restrictive '
      'for insert to anon, authenticated with check (false)', t);
    execute format(
      'create policy "The public roles never update" on public.%I as restrictive '
      'for update to anon, authenticated using (false) with check (false)', t);
    execute format(
      'create policy "The public roles never delete" on public.%I as restrictive '
      'for delete to anon, authenticated using (false)', t);
  end loop;
end
$$;

revoke execute on function public.touch_listing() from public, anon, authenticated;

alter function public.track_listing_removal() security invoker;

drop index public.glamping_listings_verified_updated_idx;
drop index public.glamping_listing_removals_removed_at_idx;
