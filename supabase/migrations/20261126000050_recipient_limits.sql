-- E-mails a stranger can cause (a newsletter confirmation, a submission's receipt, a sign-in link, staff's notice of a
-- claim) are limited per recipient and day, whatever the client: per-client limits alone let many clients make the
-- site e-mail one address without end. The limit sits on the outbox itself, so every way of queueing such an e-mail
-- is covered, and the request's answer is the same whether or not its e-mail was kept (nothing tells the sender).
-- A future e-mail of this kind (a review's or a saved search's confirmation) needs only its row here.

create table public.email_recipient_limits (
  kind text primary key check (char_length(kind) between 1 and 60),
  per_day integer not null check (per_day > 0)
);
comment on table public.email_recipient_limits is
  'E-mails per recipient and day for each outbox kind a stranger can trigger; over it, the e-mail is not queued.';

alter table public.email_recipient_limits enable row level security;
revoke all on public.email_recipient_limits from anon, authenticated;
grant all on public.email_recipient_limits to service_role;
create policy "Staff only: the public roles never see or change rows" on public.email_recipient_limits
  as restrictive for all to anon, authenticated using (false) with check (false);

insert into public.email_recipient_limits (kind, per_day) values
  ('newsletter_confirm', 3),
  ('listing_submitted_owner', 3),
  ('sign-in', 5),
  -- Staff's mailbox hears of every claim; the claims themselves all wait in the console's queue.
  ('owner_claim', 20);

-- Counted in rate_limit_hits under the hash of the address (the table never holds addresses in clear); an e-mail
-- over its kind's limit is not inserted (the row that caused it is kept).
create function public.email_outbox_recipient_limit() returns trigger
language plpgsql set search_path = '' as $$
declare
  v_limit integer;
begin
  select per_day into v_limit from public.email_recipient_limits where kind = new.kind;
  if v_limit is null then
    return new;
  end if;
  if public.rate_limit_take('recipient:' || new.kind || ':'
      || encode(sha256(convert_to(lower(trim(new.to_address)), 'UTF8')), 'hex'), v_limit, 24 * 60 * 60) > 0 then
    return null;
  end if;
  return new;
end;
$$;
revoke execute on function public.email_outbox_recipient_limit() from public, anon, authenticated;

create trigger email_outbox_recipient_limit before insert on public.email_outbox
  for each row execute function public.email_outbox_recipient_limit();
