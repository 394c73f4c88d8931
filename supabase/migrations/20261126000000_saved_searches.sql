-- Saved searches with e-mail alerts (docs/saved-searches.md). A traveler saves a browse view's filters (the query
-- string exactly as the URL writes it) with an address; the alert is 'pending' until its confirmation link is opened
-- (double opt-in through the outbox, like the newsletter). When listings become public, each active alert is checked
-- against the newly public listings only; every match is recorded once per (alert, listing), in the same transaction
-- as the e-mail that carries it, so a check that stops half way and runs again never sends a listing twice.
-- Addresses are private (D8): the public roles never read any of these tables; staff read counts only.

-- One row per address: the token of its manage link (see, pause, delete every alert of the address, no password).
create table public.saved_search_addresses (
  email_key text primary key check (char_length(email_key) between 3 and 254),
  manage_token uuid not null unique,
  created_at timestamptz not null default now()
);
comment on table public.saved_search_addresses is
  'The manage link of each address with saved searches (docs/saved-searches.md). Staff only.';

create table public.saved_searches (
  id uuid primary key default gen_random_uuid(),
  email text not null check (char_length(email) between 3 and 254),
  email_key text not null references public.saved_search_addresses (email_key) on delete cascade,
  -- The browse view's query string (src/domain/filter-params.ts): the alert follows the browse view's rules.
  query text not null check (char_length(query) between 1 and 2000),
  -- What the e-mails and the manage page call it ("Yurts in Colorado").
  label text not null check (char_length(label) between 1 and 300),
  -- The place of a distance search, settled when it was saved (the functions carry no gazetteer).
  origin_latitude double precision check (origin_latitude between -90 and 90),
  origin_longitude double precision check (origin_longitude between -180 and 180),
  frequency text not null check (frequency in ('instant', 'weekly')),
  status text not null default 'pending' check (status in ('pending', 'active', 'paused')),
  confirm_token uuid not null unique,
  unsubscribe_token uuid not null unique,
  created_at timestamptz not null default now(),
  confirmed_at timestamptz,
  -- The last weekly digest sent; null: none yet.
  digest_sent_at timestamptz,
  check ((origin_latitude is null) = (origin_longitude is null))
);
create index saved_searches_email_key_idx on public.saved_searches (email_key);
create unique index saved_searches_same_search_idx on public.saved_searches (email_key, query);
comment on table public.saved_searches is 'Saved searches and their alert settings (docs/saved-searches.md). Staff only.';

-- A listing sent (or waiting for the weekly digest) to an alert: the unique key is what makes a second copy impossible.
create table public.saved_search_matches (
  saved_search_id uuid not null references public.saved_searches (id) on delete cascade,
  listing_id uuid not null references public.glamping_listings (id) on delete cascade,
  matched_at timestamptz not null default now(),
  -- When the e-mail carrying it was queued; null: it waits for the weekly digest.
  sent_at timestamptz,
  primary key (saved_search_id, listing_id)
);
create index saved_search_matches_listing_idx on public.saved_search_matches (listing_id);
create index saved_search_matches_unsent_idx on public.saved_search_matches (saved_search_id) where sent_at is null;
comment on table public.saved_search_matches is 'What each alert was sent, once per listing. Staff only.';

-- Listings that became public and wait for the alert check after the build that publishes them.
create table public.saved_search_queue (
  listing_id uuid primary key references public.glamping_listings (id) on delete cascade,
  queued_at timestamptz not null default now()
);
comment on table public.saved_search_queue is
  'Listings verified since the last alert check (docs/saved-searches.md). Staff only.';

-- A verification (pending or rejected -> verified) queues the listing. Rows written verified (the sample data, a staff
-- import) were never waited for by anyone: they do not alert.
create function public.saved_search_queue_listing() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.verification_status = 'verified' and old.verification_status is distinct from 'verified' then
    insert into public.saved_search_queue (listing_id) values (new.id)
    on conflict (listing_id) do update set queued_at = now();
  end if;
  return new;
end;
$$;
create trigger glamping_listings_saved_search_queue
  after update of verification_status on public.glamping_listings
  for each row execute function public.saved_search_queue_listing();

do $$
declare
  t text;
begin
  foreach t in array array['saved_search_addresses', 'saved_searches', 'saved_search_matches', 'saved_search_queue']
  loop
    execute format('alter table public.%I enable row level security', t);
    execute format('revoke all on public.%I from anon, authenticated', t);
    execute format('grant all on public.%I to service_role', t);
    execute format('create policy "Staff only: the public roles never see or change rows" on public.%I '
      'as restrictive for all to anon, authenticated using (false) with check (false)', t);
  end loop;
end;
$$;

-- Most alerts one address may hold (pending ones count: each sent a confirmation e-mail).
create function public.saved_search_limit() returns integer
language sql immutable set search_path = '' as $$ select 10 $$;

-- A new alert, pending, with its confirmation e-mail queued. The e-mail was composed with the caller's tokens: an
-- address that has a manage token keeps it, and the same search saved again by the same address keeps its row and
-- tokens (its confirmation is sent again while pending; an active or paused one is left alone and gets nothing, so the
-- answer never tells a stranger what an address saved). Returns the id the e-mail is related to, or null.
create function public.saved_search_create(p_email text, p_query text, p_label text, p_latitude double precision,
  p_longitude double precision, p_frequency text, p_confirm_token uuid, p_unsubscribe_token uuid,
  p_manage_token uuid, p_emails jsonb)
returns uuid
language plpgsql set search_path = '' as $$
declare
  v_key text := lower(p_email);
  v_manage uuid;
  v_row public.saved_searches;
begin
  insert into public.saved_search_addresses (email_key, manage_token) values (v_key, p_manage_token)
  on conflict (email_key) do nothing;
  select manage_token into v_manage from public.saved_search_addresses where email_key = v_key for update;
  select * into v_row from public.saved_searches where email_key = v_key and query = p_query;
  if found and v_row.status <> 'pending' then
    return null;
  end if;
  if not found then
    if (select count(*) from public.saved_searches where email_key = v_key) >= public.saved_search_limit() then
      raise exception 'This address has % saved searches already, the most we keep: delete one from the link in any alert e-mail first.',
        public.saved_search_limit();
    end if;
    insert into public.saved_searches (email, email_key, query, label, origin_latitude, origin_longitude, frequency,
      confirm_token, unsubscribe_token)
    values (p_email, v_key, p_query, p_label, p_latitude, p_longitude, p_frequency, p_confirm_token,
      p_unsubscribe_token)
    returning * into v_row;
  end if;
  insert into public.email_outbox (kind, to_address, subject, text_body, html_body, headers, related_id)
  select e ->> 'kind', v_row.email, e ->> 'subject',
    replace(replace(replace(e ->> 'text_body', p_confirm_token::text, v_row.confirm_token::text),
      p_unsubscribe_token::text, v_row.unsubscribe_token::text), p_manage_token::text, v_manage::text),
    replace(replace(replace(e ->> 'html_body', p_confirm_token::text, v_row.confirm_token::text),
      p_unsubscribe_token::text, v_row.unsubscribe_token::text), p_manage_token::text, v_manage::text),
    case when e -> 'headers' is null then null
      else replace((e -> 'headers')::text, p_unsubscribe_token::text, v_row.unsubscribe_token::text)::jsonb end,
    v_row.id
  from jsonb_array_elements(coalesce(p_emails, '[]'::jsonb)) as e;
  return v_row.id;
end;
$$;

-- Opening the confirmation link: pending -> active. The status after it, null for an unknown token.
create function public.saved_search_confirm(p_token uuid) returns text
language sql set search_path = '' as $$
  update public.saved_searches
  set status = case when status = 'pending' then 'active' else status end,
    confirmed_at = coalesce(confirmed_at, now())
  where confirm_token = p_token
  returning status;
$$;

-- One click on an alert's unsubscribe link deletes that alert (and what it was sent). True when the token was known.
create function public.saved_search_unsubscribe(p_token uuid) returns boolean
language sql set search_path = '' as $$
  with gone as (delete from public.saved_searches where unsubscribe_token = p_token returning 1)
  select exists (select 1 from gone);
$$;

-- The alerts of the address a manage token belongs to, oldest first; none for an unknown token.
create function public.saved_search_list(p_manage_token uuid)
returns table (id uuid, email text, query text, label text, frequency text, status text, created_at timestamptz)
language sql stable set search_path = '' as $$
  select s.id, s.email, s.query, s.label, s.frequency, s.status, s.created_at
  from public.saved_searches s join public.saved_search_addresses a on a.email_key = s.email_key
  where a.manage_token = p_manage_token
  order by s.created_at, s.id;
$$;

-- Pause, resume or delete one alert through its address's manage token: false when the token and id do not match.
-- A pending alert stays pending: only its confirmation link makes it active.
create function public.saved_search_manage(p_manage_token uuid, p_id uuid, p_action text) returns boolean
language plpgsql set search_path = '' as $$
declare
  v_key text;
  v_done integer;
begin
  select email_key into v_key from public.saved_search_addresses where manage_token = p_manage_token;
  if v_key is null then
    return false;
  end if;
  if p_action = 'delete' then
    delete from public.saved_searches where id = p_id and email_key = v_key;
  elsif p_action in ('pause', 'resume') then
    update public.saved_searches
    set status = case when status = 'pending' then 'pending' when p_action = 'pause' then 'paused' else 'active' end
    where id = p_id and email_key = v_key;
  else
    raise exception 'Unknown action %: pause, resume or delete', p_action using errcode = '22023';
  end if;
  get diagnostics v_done = row_count;
  return v_done > 0;
end;
$$;

-- What staff may see of saved searches: counts, never an address.
create function public.saved_search_counts()
returns table (addresses integer, pending integer, active integer, paused integer, queued integer)
language sql stable set search_path = '' as $$
  select (select count(*) from public.saved_search_addresses)::integer,
    (select count(*) from public.saved_searches where status = 'pending')::integer,
    (select count(*) from public.saved_searches where status = 'active')::integer,
    (select count(*) from public.saved_searches where status = 'paused')::integer,
    (select count(*) from public.saved_search_queue)::integer;
$$;

do $$
declare
  f text;
begin
  foreach f in array array[
    'public.saved_search_queue_listing()', 'public.saved_search_limit()',
    'public.saved_search_create(text, text, text, double precision, double precision, text, uuid, uuid, uuid, jsonb)',
    'public.saved_search_confirm(uuid)', 'public.saved_search_unsubscribe(uuid)', 'public.saved_search_list(uuid)',
    'public.saved_search_manage(uuid, uuid, text)', 'public.saved_search_counts()']
  loop
    execute format('revoke execute on function %s from public, anon, authenticated', f);
    execute format('grant execute on function %s to service_role', f);
  end loop;
end;
$$;
