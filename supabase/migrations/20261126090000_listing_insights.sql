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

-- Counts a batch of events, each {client, kind, listing, query, radius}; answers one outcome per event, in order:
-- 'counted', 'ignored' (unknown or unpublished listing, unknown kind, a search text that is not one) or 'limited'
-- (its client sent more than 60 events in the last minute). The function batches events that arrived together
-- (src/server/insights/count.ts) so one transaction writes one count row per listing, day and kind. Security
-- definer: it is the public roles' only way to the counts, and it writes nothing but counts (insert ... on conflict
-- add, so concurrent batches never lose a count) and the rate limit's transient bucket rows. A client is its address
-- as the function saw it: hashed here with the day's salt, never stored.
create function public.count_events(p_events jsonb)
returns text[]
language plpgsql security definer set search_path = '' as $$
declare
  v_day date := (clock_timestamp() at time zone 'UTC')::date;
  v_salt text;
  v_event jsonb;
  v_kind text;
  v_query text;
  v_radius integer;
  v_listing uuid;
  v_outcome text;
  v_outcomes text[];
  v_i integer;
  v_listings uuid[] := '{}';
  v_kinds text[] := '{}';
  v_queries text[] := '{}';
  v_radii integer[] := '{}';
begin
  if jsonb_typeof(p_events) <> 'array' or jsonb_array_length(p_events) > 1000 then
    raise exception 'count_events takes an array of at most 1000 events' using errcode = '22023';
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

  v_outcomes := array_fill(null::text, array[jsonb_array_length(p_events)]);
  -- In the order of their clients, so two batches take the clients' limit locks in the same order (no deadlock);
  -- each outcome goes back to its event's place.
  for v_event, v_i in
    select x.e, x.i::integer from jsonb_array_elements(p_events) with ordinality x(e, i) order by x.e ->> 'client', x.i
  loop
    v_kind := v_event ->> 'kind';
    v_query := v_event ->> 'query';
    v_radius := case when jsonb_typeof(v_event -> 'radius') = 'number' then (v_event ->> 'radius')::numeric::integer end;
    v_listing := null;
    v_outcome := null;
    if v_kind in ('view', 'dialog', 'call', 'website', 'directions', 'email', 'shortlist', 'share') then
      select l.id into v_listing from public.glamping_listings l
      where l.slug = v_event ->> 'listing' and l.verification_status = 'verified';
      if v_listing is null then
        v_outcome := 'ignored';
      end if;
    elsif v_kind = 'text' then
      -- A search text is stored only when it cannot be a person's data: no e-mail address, no run of 6+ digits.
      if v_query is null or char_length(v_query) not between 1 and 80 or v_query ~ '[@[:cntrl:]]'
         or v_query ~ '[0-9]{6,}' or coalesce(v_radius, 0) <> 0 then
        v_outcome := 'ignored';
      end if;
      v_radius := 0;
    elsif v_kind = 'place' then
      if v_query is null or v_query !~ '^([0-9]{5}|[a-z0-9-]{1,70}-[a-z]{2})$'
         or coalesce(v_radius, -1) not in (25, 50, 100, 250) then
        v_outcome := 'ignored';
      end if;
    else
      v_outcome := 'ignored';
    end if;
    if v_outcome is null and public.rate_limit_take(
        'insight:' || encode(sha256(convert_to(v_salt || coalesce(v_event ->> 'client', ''), 'UTF8')), 'hex'),
        60, 60) > 0 then
      v_outcome := 'limited';
    end if;
    if v_outcome is null then
      v_outcome := 'counted';
      v_listings := v_listings || v_listing;
      v_kinds := v_kinds || v_kind;
      v_queries := v_queries || v_query;
      v_radii := v_radii || v_radius;
    end if;
    v_outcomes[v_i] := v_outcome;
  end loop;

  insert into public.listing_event_counts as c (listing_id, day, kind, n)
  select t.listing, v_day, t.kind, count(*)::integer
  from unnest(v_listings, v_kinds) t(listing, kind) where t.listing is not null
  group by t.listing, t.kind order by t.listing, t.kind
  on conflict (listing_id, day, kind) do update set n = c.n + excluded.n;
  insert into public.search_miss_counts as c (day, kind, query, radius, n)
  select v_day, t.kind, t.query, t.radius, count(*)::integer
  from unnest(v_listings, v_kinds, v_queries, v_radii) t(listing, kind, query, radius)
  where t.listing is null
  group by t.kind, t.query, t.radius order by t.kind, t.query, t.radius
  on conflict (day, kind, query, radius) do update set n = c.n + excluded.n;
  return v_outcomes;
end;
$$;

revoke execute on function public.count_events(jsonb) from public;
grant execute on function public.count_events(jsonb) to anon, authenticated, service_role;
