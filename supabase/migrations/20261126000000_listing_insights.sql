-- Insights (D35, docs/insights.md): events of the public pages stored as counts per listing (or per normalized
-- search) per day, and nothing else. No row holds an address, a user agent, a cookie or any identifier of a person.
-- The public roles never read or write these tables: the only way in is count_event below.

create table public.listing_event_counts (
  listing_id uuid not null references public.glamping_listings (id) on delete cascade,
  day date not null,
  kind text not null check (kind in ('view', 'dialog', 'call', 'website', 'directions', 'email', 'shortlist',
                                     'share')),
  n integer not null default 0 check (n >= 0),
  primary key (listing_id, day, kind)
);
comment on table public.listing_event_counts is 'Events per listing, day and kind: counts only (D35). Staff only.';
-- The site's figures per day (the console's chart, most viewed this month) read a range of days across listings.
create index listing_event_counts_day_idx on public.listing_event_counts (day);

-- A typed search that settled on no result (its normalized text, radius 0), or a place searched by distance with no
-- listing within the radius (the place's key, the radius in miles).
create table public.search_miss_counts (
  day date not null,
  kind text not null check (kind in ('text', 'place')),
  query text not null check (char_length(query) between 1 and 80),
  radius integer not null default 0 check (radius between 0 and 1000),
  n integer not null default 0 check (n >= 0),
  primary key (day, kind, query, radius)
);
comment on table public.search_miss_counts is 'Searches with no result per day: counts only (D35). Staff only.';

-- The day's random salt of the per-client limit's bucket: the bucket is a hash of salt and client address, and the
-- salt is deleted when the day changes (with the buckets of the day before), so nothing links a client across days
-- and no address is ever stored.
create table public.insight_salts (
  day date primary key,
  salt text not null
);
comment on table public.insight_salts is 'Today''s salt of the counting limit''s buckets; rotated daily. Staff only.';

-- The monthly figures e-mail to owners: one row per owner and month (sent once), with the hash of that e-mail's
-- opt-out token; and the owners who opted out, by address.
create table public.insight_mailings (
  email text not null check (email = lower(email) and char_length(email) between 3 and 254),
  month date not null,
  token_hash text not null unique check (char_length(token_hash) = 64),
  created_at timestamptz not null default now(),
  primary key (email, month)
);
comment on table public.insight_mailings is 'Monthly owner figures e-mails sent, with their opt-out token hash. Staff only.';

create table public.insight_mail_optouts (
  email text primary key check (email = lower(email) and char_length(email) between 3 and 254),
  opted_out_at timestamptz not null default now()
);
comment on table public.insight_mail_optouts is 'Owners who want no monthly figures e-mail. Staff only.';

do $$
declare
  t text;
begin
  foreach t in array array['listing_event_counts', 'search_miss_counts', 'insight_salts', 'insight_mailings',
    'insight_mail_optouts']
  loop
    execute format('alter table public.%I enable row level security', t);
    execute format('revoke all on public.%I from anon, authenticated', t);
    execute format('grant all on public.%I to service_role', t);
    execute format(
      'create policy "Staff only: the public roles never see or change rows" on public.%I as restrictive '
      'for all to anon, authenticated using (false) with check (false)', t);
  end loop;
end
$$;

-- Counts one event: 'counted', 'ignored' (unknown or unpublished listing, unknown kind, a search text that is not
-- one) or 'limited' (the client sent more than 60 events in the last minute). Security definer: it is the public
-- roles' only way to the counts, and it writes nothing but a count (insert ... on conflict add one, so concurrent
-- events of one listing never lose a count) and the rate limit's transient bucket row. p_client is the client's
-- address as the function saw it: hashed here with the day's salt, never stored.
create function public.count_event(p_client text, p_kind text, p_listing text, p_query text, p_radius integer)
returns text
language plpgsql security definer set search_path = '' as $$
declare
  v_day date := (clock_timestamp() at time zone 'UTC')::date;
  v_listing uuid;
  v_salt text;
begin
  if p_kind in ('view', 'dialog', 'call', 'website', 'directions', 'email', 'shortlist', 'share') then
    select l.id into v_listing from public.glamping_listings l
    where l.slug = p_listing and l.verification_status = 'verified';
    if v_listing is null then
      return 'ignored';
    end if;
  elsif p_kind = 'text' then
    -- A search text is stored only when it cannot be a person's data: no e-mail address, no run of 6+ digits.
    if p_query is null or char_length(p_query) not between 1 and 80 or p_query ~ '[@[:cntrl:]]'
       or p_query ~ '[0-9]{6,}' or coalesce(p_radius, 0) <> 0 then
      return 'ignored';
    end if;
  elsif p_kind = 'place' then
    if p_query is null or p_query !~ '^([0-9]{5}|[a-z0-9-]{1,70}-[a-z]{2})$'
       or coalesce(p_radius, -1) not in (25, 50, 100, 250) then
      return 'ignored';
    end if;
  else
    return 'ignored';
  end if;

  select s.salt into v_salt from public.insight_salts s where s.day = v_day;
  if v_salt is null then
    insert into public.insight_salts (day, salt) values (v_day, gen_random_uuid()::text || gen_random_uuid()::text)
    on conflict (day) do nothing;
    if found then
      -- The first event of a new day: yesterday's salt and buckets go, so yesterday's hashes link to nothing.
      delete from public.insight_salts where day < v_day;
      delete from public.rate_limit_hits where bucket like 'insight:%';
    end if;
    select s.salt into v_salt from public.insight_salts s where s.day = v_day;
  end if;
  if public.rate_limit_take('insight:' || encode(sha256(convert_to(v_salt || coalesce(p_client, ''), 'UTF8')), 'hex'),
                            60, 60) > 0 then
    return 'limited';
  end if;

  if v_listing is not null then
    insert into public.listing_event_counts as c (listing_id, day, kind, n) values (v_listing, v_day, p_kind, 1)
    on conflict (listing_id, day, kind) do update set n = c.n + 1;
  else
    insert into public.search_miss_counts as c (day, kind, query, radius, n)
    values (v_day, p_kind, p_query, coalesce(p_radius, 0), 1)
    on conflict (day, kind, query, radius) do update set n = c.n + 1;
  end if;
  return 'counted';
end;
$$;

revoke execute on function public.count_event(text, text, text, text, integer) from public;
grant execute on function public.count_event(text, text, text, text, integer) to anon, authenticated, service_role;
