-- Sign-in by an e-mailed one-time link (issue 13; owners reuse it in issue 14). Staff are a list of addresses kept
-- here. Links and sessions are stored only as SHA-256 hashes of their random tokens: a copy of these tables lets
-- nobody sign in. Every write is one SQL function, so supabase-js (rpc) and a direct connection share it.

create table public.staff_members (
  email text primary key check (email = lower(email) and char_length(email) between 3 and 254),
  added_by text not null check (char_length(added_by) between 1 and 254),
  added_at timestamptz not null default now()
);
comment on table public.staff_members is 'Addresses that may sign in to the staff console (issue 13). Staff only.';

create table public.auth_links (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  email text not null check (char_length(email) between 3 and 254),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
comment on table public.auth_links is 'One-time sign-in links, by the hash of their token; single use, short-lived.';

create table public.auth_sessions (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  email text not null check (char_length(email) between 3 and 254),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  ended_at timestamptz
);
comment on table public.auth_sessions is 'Signed-in sessions, by the hash of their cookie; revocable, expiring.';

-- Requests counted per client or per address across function instances (an in-memory window is per instance).
create table public.rate_limit_hits (
  id bigint generated always as identity primary key,
  bucket text not null check (char_length(bucket) between 1 and 200),
  at timestamptz not null default clock_timestamp()
);
comment on table public.rate_limit_hits is 'Recent requests per bucket (sign-in by client, by address). Staff only.';
create index rate_limit_hits_bucket_idx on public.rate_limit_hits (bucket, at);

alter table public.staff_members enable row level security;
alter table public.auth_links enable row level security;
alter table public.auth_sessions enable row level security;
alter table public.rate_limit_hits enable row level security;
revoke all on public.staff_members, public.auth_links, public.auth_sessions, public.rate_limit_hits
  from anon, authenticated;
grant all on public.staff_members, public.auth_links, public.auth_sessions, public.rate_limit_hits to service_role;

do $$
declare
  t text;
begin
  foreach t in array array['staff_members', 'auth_links', 'auth_sessions', 'rate_limit_hits']
  loop
    execute format(
      'create policy "Staff only: the public roles never see or change rows" on public.%I as restrictive '
      'for all to anon, authenticated using (false) with check (false)', t);
  end loop;
end
$$;

alter table public.staff_audit_log drop constraint staff_audit_log_action_check;
alter table public.staff_audit_log add constraint staff_audit_log_action_check
  check (action in ('verify', 'reject', 'pending', 'feature', 'unfeature', 'edit', 'import', 'staff-add',
    'staff-remove'));

-- Counts one request in a bucket when fewer than p_limit were made in the window: 0. Otherwise the seconds to wait,
-- and the request is not counted (a client that keeps retrying does not push its own wait further out).
create function public.rate_limit_take(p_bucket text, p_limit integer, p_window_seconds integer)
returns integer
language plpgsql set search_path = '' as $$
declare
  v_since timestamptz := clock_timestamp() - make_interval(secs => p_window_seconds);
  v_count integer;
  v_oldest timestamptz;
begin
  -- Serialises takes of one bucket, so two concurrent requests cannot both take the last slot.
  perform pg_advisory_xact_lock(hashtextextended(p_bucket, 0));
  delete from public.rate_limit_hits where bucket = p_bucket and at < v_since;
  select count(*), min(at) into v_count, v_oldest from public.rate_limit_hits where bucket = p_bucket;
  if v_count >= p_limit then
    return greatest(1, ceil(extract(epoch from v_oldest + make_interval(secs => p_window_seconds)
      - clock_timestamp())))::integer;
  end if;
  insert into public.rate_limit_hits (bucket) values (p_bucket);
  return 0;
end;
$$;

-- The first staff come from the STAFF_EMAILS variable: used only while the list is empty, so removing someone in the
-- console is not undone by the next request.
create function public.staff_seed_members(p_emails jsonb) returns integer
language plpgsql set search_path = '' as $$
declare
  v_count integer;
begin
  lock table public.staff_members in share row exclusive mode;
  if exists (select 1 from public.staff_members) then
    return 0;
  end if;
  insert into public.staff_members (email, added_by)
  select distinct lower(trim(e)), 'STAFF_EMAILS' from jsonb_array_elements_text(p_emails) e where trim(e) <> ''
  on conflict do nothing;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

-- Stores a link for an address allowed to sign in, with its e-mail in the outbox, in one transaction; false (and
-- nothing stored or sent) for any other address. Unsent sign-in e-mails of expired links are dropped: a late retry
-- must not deliver a dead link.
create function public.auth_create_link(p_email text, p_token_hash text, p_ttl_seconds integer, p_mail jsonb)
returns boolean
language plpgsql set search_path = '' as $$
declare
  v_email text := lower(trim(p_email));
begin
  delete from public.auth_links where expires_at < now() - interval '1 day';
  delete from public.auth_sessions where expires_at < now() - interval '1 day';
  delete from public.email_outbox
  where kind = 'sign-in' and sent_at is null and created_at < now() - make_interval(secs => p_ttl_seconds);
  if not exists (select 1 from public.staff_members where email = v_email) then
    return false;
  end if;
  insert into public.auth_links (token_hash, email, expires_at)
  values (p_token_hash, v_email, now() + make_interval(secs => p_ttl_seconds));
  insert into public.email_outbox (kind, to_address, subject, text_body, html_body, related_id)
  values ('sign-in', p_mail ->> 'to_address', p_mail ->> 'subject', p_mail ->> 'text_body', p_mail ->> 'html_body',
    (p_mail ->> 'related_id')::uuid);
  return true;
end;
$$;

-- Uses a link once: when it exists, is unused and unexpired, marks it used and opens a session; returns the
-- address, else null. The update's row lock makes two concurrent uses of one link open one session.
create function public.auth_use_link(p_token_hash text, p_session_hash text, p_session_seconds integer)
returns text
language plpgsql set search_path = '' as $$
declare
  v_email text;
begin
  update public.auth_links set used_at = now()
  where token_hash = p_token_hash and used_at is null and expires_at > now()
  returning email into v_email;
  if v_email is null then
    return null;
  end if;
  insert into public.auth_sessions (token_hash, email, expires_at)
  values (p_session_hash, v_email, now() + make_interval(secs => p_session_seconds));
  return v_email;
end;
$$;

-- The signed-in address of a live session and whether it is staff now (a removed member loses access at once).
create function public.auth_session(p_session_hash text)
returns table (email text, is_staff boolean, expires_at timestamptz)
language sql stable set search_path = '' as $$
  select s.email, exists (select 1 from public.staff_members m where m.email = s.email), s.expires_at
  from public.auth_sessions s
  where s.token_hash = p_session_hash and s.ended_at is null and s.expires_at > now();
$$;

create function public.auth_end_session(p_session_hash text) returns boolean
language sql set search_path = '' as $$
  update public.auth_sessions set ended_at = now() where token_hash = p_session_hash and ended_at is null
  returning true;
$$;

create function public.staff_add_member(p_email text, p_actor text) returns boolean
language plpgsql set search_path = '' as $$
declare
  v_email text := lower(trim(p_email));
begin
  insert into public.staff_members (email, added_by) values (v_email, p_actor) on conflict do nothing;
  if not found then
    return false;
  end if;
  insert into public.staff_audit_log (actor, action, field, new_value) values (p_actor, 'staff-add', 'staff', v_email);
  return true;
end;
$$;

-- Removes a member and ends their sessions; the last member cannot be removed (someone must be able to sign in).
create function public.staff_remove_member(p_email text, p_actor text) returns boolean
language plpgsql set search_path = '' as $$
declare
  v_email text := lower(trim(p_email));
begin
  lock table public.staff_members in share row exclusive mode;
  if not exists (select 1 from public.staff_members where email = v_email) then
    return false;
  end if;
  if (select count(*) from public.staff_members) <= 1 then
    raise exception 'The last staff member cannot be removed' using errcode = 'check_violation';
  end if;
  delete from public.staff_members where email = v_email;
  update public.auth_sessions set ended_at = now() where email = v_email and ended_at is null;
  insert into public.staff_audit_log (actor, action, field, old_value)
  values (p_actor, 'staff-remove', 'staff', v_email);
  return true;
end;
$$;

-- A sent sign-in e-mail keeps no live link in the outbox: its body is replaced once delivered.
create or replace function public.outbox_mark_sent(p_id uuid) returns void
language sql set search_path = '' as $$
  update public.email_outbox
  set sent_at = now(), attempts = attempts + 1, last_error = null,
    text_body = case when kind = 'sign-in' then '(sign-in link removed once sent)' else text_body end,
    html_body = case when kind = 'sign-in' then '<p>(sign-in link removed once sent)</p>' else html_body end
  where id = p_id and sent_at is null;
$$;

revoke execute on function public.rate_limit_take(text, integer, integer), public.staff_seed_members(jsonb),
  public.auth_create_link(text, text, integer, jsonb), public.auth_use_link(text, text, integer),
  public.auth_session(text), public.auth_end_session(text), public.staff_add_member(text, text),
  public.staff_remove_member(text, text)
  from public, anon, authenticated;
grant execute on function public.rate_limit_take(text, integer, integer), public.staff_seed_members(jsonb),
  public.auth_create_link(text, text, integer, jsonb), public.auth_use_link(text, text, integer),
  public.auth_session(text), public.auth_end_session(text), public.staff_add_member(text, text),
  public.staff_remove_member(text, text)
  to service_role;
