-- The build hook's trailing call (issue 6, D5): a public change inside the hook's window is remembered (pending);
-- a scheduled function calls this every minute and fires the hook once the window has passed, so the last change
-- of a burst is always published even when no later change comes.

create function public.staff_claim_pending_rebuild(p_window_seconds integer) returns boolean
language plpgsql set search_path = '' as $$
begin
  update public.staff_rebuild_state
  set last_triggered_at = clock_timestamp(), pending = false
  where id = 1 and pending
    and (last_triggered_at is null or clock_timestamp() - last_triggered_at >= make_interval(secs => p_window_seconds));
  return found;
end;
$$;
comment on function public.staff_claim_pending_rebuild(integer) is
  'True (once) when a change waits for the build hook and its window has passed.';

revoke execute on function public.staff_claim_pending_rebuild(integer) from public, anon, authenticated;
grant execute on function public.staff_claim_pending_rebuild(integer) to service_role;
