-- When a listing was last verified (issue 14, freshness): set on the first verification and every re-verification,
-- shown to travelers as "Verified Mar 2026" and read by the renewal job (due after 12 months).
--
-- The database keeps it true whichever path changes the status (staff verify, the CLI, an import, a renewal), so
-- no write can forget it: a row that becomes verified without a date of its own is verified now; a row that is
-- no longer verified has none (null while pending or rejected).
alter table public.glamping_listings add column verified_at timestamptz;

comment on column public.glamping_listings.verified_at is
  'Last (re-)verification; null while not verified. Listings verified before 2026-11-24: their last update.';

-- Back-fill: the last change of a verified listing is the best record of when staff last looked at it.
update public.glamping_listings set verified_at = coalesce(updated_at, created_at)
where verification_status = 'verified';

create function public.keep_verified_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.verification_status <> 'verified' then
    new.verified_at := null;
  elsif new.verified_at is null
     or (tg_op = 'UPDATE' and old.verification_status <> 'verified'
         and new.verified_at is not distinct from old.verified_at) then
    new.verified_at := now();
  end if;
  return new;
end;
$$;

revoke execute on function public.keep_verified_at() from public, anon, authenticated;

create trigger glamping_listings_verified_at
  before insert or update on public.glamping_listings
  for each row execute function public.keep_verified_at();

-- Staff and the renewal job re-verify a listing that stays verified: the date moves, nothing else does.
create function public.renew_verification(p_id uuid, p_actor text) returns timestamptz
language plpgsql set search_path = '' as $$
declare
  v_at timestamptz;
begin
  update public.glamping_listings set verified_at = now()
  where id = p_id and verification_status = 'verified'
  returning verified_at into v_at;
  if v_at is null then
    raise exception 'Only a verified listing can be re-verified' using errcode = 'P0001';
  end if;
  insert into public.staff_audit_log (actor, action, listing_id, old_status, new_status)
  values (p_actor, 'renew', p_id, 'verified', 'verified');
  return v_at;
end;
$$;
revoke execute on function public.renew_verification(uuid, text) from public, anon, authenticated;
grant execute on function public.renew_verification(uuid, text) to service_role;

alter table public.staff_audit_log drop constraint staff_audit_log_action_check;
alter table public.staff_audit_log add constraint staff_audit_log_action_check
  check (action in ('verify', 'reject', 'pending', 'feature', 'unfeature', 'edit', 'import', 'staff-add',
    'staff-remove', 'photo-remove', 'photo-cover', 'renew'));
