-- Hits are deleted once no window can count them. rate_limit_take cleared only its own bucket, so a bucket never
-- taken again (a client that does not come back, an address e-mailed once) kept its rows for ever. No limit counts
-- over more than a day (the recipient limits are per day), so every take also deletes a batch of rows older than
-- that, from any bucket, and a longer window is refused rather than silently cut short.
create or replace function public.rate_limit_take(p_bucket text, p_limit integer, p_window_seconds integer)
returns integer
language plpgsql set search_path = '' as $$
declare
  v_longest constant integer := 24 * 60 * 60;
  v_since timestamptz := clock_timestamp() - make_interval(secs => p_window_seconds);
  v_count integer;
  v_oldest timestamptz;
begin
  if p_window_seconds > v_longest then
    raise exception 'rate_limit_take: a window of % s is longer than the % s hits are kept', p_window_seconds,
      v_longest using errcode = '22023';
  end if;
  -- A bounded batch, oldest first: a take stays cheap however many rows have piled up, and steady traffic clears
  -- them all.
  delete from public.rate_limit_hits where id in (
    select id from public.rate_limit_hits
    where at < clock_timestamp() - make_interval(secs => v_longest)
    order by at limit 500);
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

create index rate_limit_hits_at_idx on public.rate_limit_hits (at);
