-- The counting function's per-client limit, set-based (docs/insights.md, "Limits"). count_events took the limit
-- event by event (rate_limit_take: an advisory lock, a delete, a count and one inserted row per event), so a batch
-- of 500 events ran some 2,000 statements and wrote 500 transient rows. Now a client's limit is one row holding the
-- start of its current minute and how many events it sent since, and a batch takes the limit of all its clients in
-- one upsert: one statement and one row per client and batch, however many events they sent.
--
-- The window opens at a client's first event and lasts 60 seconds: within it the first 60 events count, the rest
-- are 'limited'; the next event after it opens a new window. The row holds only the bucket (SHA-256 of the day's
-- salt and the client's address, as before) and is deleted with the salt when the day changes.

create table public.insight_limits (
  bucket text primary key check (char_length(bucket) = 64),
  day date not null,
  window_start timestamptz not null,
  n integer not null check (n >= 0)
);
comment on table public.insight_limits is 'The counting limit''s buckets of today: hashed, no address (D35). Staff only.';

alter table public.insight_limits enable row level security;
revoke all on public.insight_limits from anon, authenticated;
grant all on public.insight_limits to service_role;
create policy "Staff only: the public roles never see or change rows" on public.insight_limits as restrictive
  for all to anon, authenticated using (false) with check (false);

-- The buckets the old function left in the shared limit table: they count nothing any more.
delete from public.rate_limit_hits where bucket like 'insight:%';

-- Same contract as before: a batch of events, each {client, kind, listing, query, radius}; one outcome per event,
-- in order: 'counted', 'ignored' (unknown or unpublished listing, unknown kind, a search text that is not one) or
-- 'limited' (its client's 60 events of the minute are spent). Three writes a batch, in one statement: the clients'
-- limits, the listing counts and the search counts, each in key order, so two concurrent batches take row locks in
-- the same order (no deadlock) and add to each other's counts (insert ... on conflict add).
create or replace function public.count_events(p_events jsonb)
returns text[]
language plpgsql security definer set search_path = '' as $$
declare
  v_now timestamptz := clock_timestamp();
  v_day date := (v_now at time zone 'UTC')::date;
  v_salt text;
  v_outcomes text[];
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
      delete from public.insight_limits where day < v_day;
    end if;
    select s.salt into v_salt from public.insight_salts s where s.day = v_day;
  end if;

  -- One statement: each event's checks, the clients' limits, the two counts, and the outcomes in the batch's order.
  with events as (
    select x.i::integer as i, coalesce(x.e ->> 'client', '') as client, x.e ->> 'kind' as kind,
      x.e ->> 'listing' as slug, x.e ->> 'query' as query,
      case when jsonb_typeof(x.e -> 'radius') = 'number' then (x.e ->> 'radius')::numeric::integer end as radius
    from jsonb_array_elements(p_events) with ordinality x(e, i)
  ), checked as (
    -- As before: a listing event needs a published listing; a search text is stored only when it cannot be a
    -- person's data (no e-mail address, no run of 6+ digits); a place needs its key and a known radius.
    select e.i, encode(sha256(convert_to(v_salt || e.client, 'UTF8')), 'hex') as bucket, e.kind, l.id as listing,
      e.query, case when e.kind = 'text' then 0 else e.radius end as radius,
      case
        when e.kind in ('view', 'dialog', 'call', 'website', 'directions', 'email', 'shortlist', 'share')
          then l.id is not null
        when e.kind = 'text'
          then e.query is not null and char_length(e.query) between 1 and 80 and e.query !~ '[@[:cntrl:]]'
               and e.query !~ '[0-9]{6,}' and coalesce(e.radius, 0) = 0
        when e.kind = 'place'
          then e.query is not null and e.query ~ '^([0-9]{5}|[a-z0-9-]{1,70}-[a-z]{2})$'
               and coalesce(e.radius, -1) in (25, 50, 100, 250)
        else false
      end as valid
    from events e
    left join public.glamping_listings l
      on e.kind in ('view', 'dialog', 'call', 'website', 'directions', 'email', 'shortlist', 'share')
      and l.slug = e.slug and l.verification_status = 'verified'
  ), sent as (
    select c.bucket, count(*)::integer as k from checked c where c.valid group by c.bucket
  ), taken as (
    -- Each client's valid events are added to its window at once; of them, the first ones in the batch's order, up
    -- to what the window had left of its 60, count.
    insert into public.insight_limits as w (bucket, day, window_start, n)
    select s.bucket, v_day, v_now, s.k from sent s order by s.bucket
    on conflict (bucket) do update set
      day = excluded.day,
      window_start = case when w.window_start <= v_now - interval '60 seconds' then v_now else w.window_start end,
      n = case when w.window_start <= v_now - interval '60 seconds' then excluded.n
               else least(w.n + excluded.n, 1000000) end
    returning w.bucket, w.n
  ), judged as (
    select c.i, c.kind, c.listing, c.query, c.radius,
      case when not c.valid then 'ignored'
           when row_number() over (partition by c.bucket, c.valid order by c.i) <= 60 - (t.n - s.k) then 'counted'
           else 'limited' end as outcome
    from checked c left join sent s on c.valid and s.bucket = c.bucket left join taken t on t.bucket = s.bucket
  ), listing_counts as (
    insert into public.listing_event_counts as c (listing_id, day, kind, n)
    select j.listing, v_day, j.kind, count(*)::integer from judged j
    where j.outcome = 'counted' and j.listing is not null
    group by j.listing, j.kind order by j.listing, j.kind
    on conflict (listing_id, day, kind) do update set n = c.n + excluded.n
  ), search_counts as (
    insert into public.search_miss_counts as c (day, kind, query, radius, n)
    select v_day, j.kind, j.query, j.radius, count(*)::integer from judged j
    where j.outcome = 'counted' and j.listing is null
    group by j.kind, j.query, j.radius order by j.kind, j.query, j.radius
    on conflict (day, kind, query, radius) do update set n = c.n + excluded.n
  )
  select array_agg(j.outcome order by j.i) into v_outcomes from judged j;
  return coalesce(v_outcomes, '{}');
end;
$$;
