-- The build hook is retried until a call succeeds (issue 10). Before, claiming the hook cleared `pending`, so a
-- refused, timed-out or non-2xx call lost the rebuild until some unrelated later change. Now a claim only takes the
-- window (a lease: one caller at a time) and `pending` stays set until the caller reports a successful call. Every
-- public change bumps `change_no`; a success clears `pending` only when no change came after the claimed one, so a
-- change made while the hook call was in flight still gets its own call.

alter table public.staff_rebuild_state add column change_no bigint not null default 0;
comment on column public.staff_rebuild_state.change_no is
  'Counts public changes; a successful hook call acknowledges the number it claimed.';

drop function public.staff_claim_rebuild(integer);
drop function public.staff_claim_pending_rebuild(integer);

-- A public change: always remembered as pending; returns the change number to acknowledge when the caller may call
-- the hook now (the window has passed), null when the change waits for the trailing call.
create function public.staff_claim_rebuild(p_window_seconds integer) returns bigint
language plpgsql set search_path = '' as $$
declare
  v_last timestamptz;
  v_no bigint;
begin
  update public.staff_rebuild_state set pending = true, change_no = change_no + 1
  where id = 1
  returning last_triggered_at, change_no into v_last, v_no;
  if v_last is null or clock_timestamp() - v_last >= make_interval(secs => p_window_seconds) then
    update public.staff_rebuild_state set last_triggered_at = clock_timestamp() where id = 1;
    return v_no;
  end if;
  return null;
end;
$$;
comment on function public.staff_claim_rebuild(integer) is
  'Records a public change; returns the change number to acknowledge when the hook may be called now, else null.';

-- The scheduled retry and trailing call: a pending change whose window has passed. The row lock makes two racing
-- callers take turns, and the second sees the window the first just took, so only one of them calls the hook.
create function public.staff_claim_pending_rebuild(p_window_seconds integer) returns bigint
language sql set search_path = '' as $$
  update public.staff_rebuild_state
  set last_triggered_at = clock_timestamp()
  where id = 1 and pending
    and (last_triggered_at is null or clock_timestamp() - last_triggered_at >= make_interval(secs => p_window_seconds))
  returning change_no;
$$;
comment on function public.staff_claim_pending_rebuild(integer) is
  'The change number to acknowledge when a change waits for the build hook and its window has passed, else null.';

-- Called after the hook answered 2xx: clears `pending` unless a newer change came meanwhile. True when it cleared.
create function public.staff_rebuild_called(p_change_no bigint) returns boolean
language plpgsql set search_path = '' as $$
begin
  update public.staff_rebuild_state set pending = false where id = 1 and pending and change_no = p_change_no;
  return found;
end;
$$;
comment on function public.staff_rebuild_called(bigint) is
  'Acknowledges a successful build hook call for the claimed change number.';

revoke execute on function public.staff_claim_rebuild(integer) from public, anon, authenticated;
revoke execute on function public.staff_claim_pending_rebuild(integer) from public, anon, authenticated;
revoke execute on function public.staff_rebuild_called(bigint) from public, anon, authenticated;
grant execute on function public.staff_claim_rebuild(integer) to service_role;
grant execute on function public.staff_claim_pending_rebuild(integer) to service_role;
grant execute on function public.staff_rebuild_called(bigint) to service_role;
