-- "Report a problem" (issue 14): travelers' reports about a listing, kept for staff, who resolve each one as fixed
-- or dismissed (the reporter hears when they left an address). Staff only: the public roles never read them.
create table public.listing_reports (
  id uuid primary key default gen_random_uuid(),
  listing_id uuid not null references public.glamping_listings (id) on delete cascade,
  reason text not null check (reason in ('closed', 'wrong_phone', 'wrong_website', 'wrong_place', 'not_glamping',
                                         'other')),
  message text not null default '' check (char_length(message) <= 5000),
  email text check (email is null or char_length(email) between 3 and 254),
  created_at timestamptz not null default now(),
  resolution text check (resolution in ('fixed', 'dismissed')),
  resolved_by text,
  resolved_at timestamptz,
  check ((resolution is null) = (resolved_at is null))
);
comment on table public.listing_reports is 'Travelers'' problem reports about listings (issue 14). Staff only.';
create index listing_reports_listing_idx on public.listing_reports (listing_id);
create index listing_reports_open_idx on public.listing_reports (created_at) where resolved_at is null;

alter table public.listing_reports enable row level security;
revoke all on public.listing_reports from anon, authenticated;
grant all on public.listing_reports to service_role;
create policy "Staff only: the public roles never see or change rows" on public.listing_reports as restrictive
  for all to anon, authenticated using (false) with check (false);

-- Stores a report of a published listing, counted against the client's bucket first (rate_limit_take): the report's
-- id and 0, or null and the seconds to wait. An unknown or unpublished slug: null and -1.
create function public.report_listing(p_slug text, p_reason text, p_message text, p_email text, p_bucket text,
                                      p_limit integer, p_window_seconds integer)
returns table (report_id uuid, wait integer)
language plpgsql set search_path = '' as $$
declare
  v_listing uuid;
  v_wait integer;
begin
  select l.id into v_listing from public.glamping_listings l
  where l.slug = p_slug and l.verification_status = 'verified';
  if v_listing is null then
    return query select null::uuid, -1;
    return;
  end if;
  v_wait := public.rate_limit_take(p_bucket, p_limit, p_window_seconds);
  if v_wait > 0 then
    return query select null::uuid, v_wait;
    return;
  end if;
  return query
    insert into public.listing_reports (listing_id, reason, message, email)
    values (v_listing, p_reason, coalesce(p_message, ''), nullif(p_email, ''))
    returning id, 0;
end;
$$;

-- Open reports, each with its listing and how many open reports that listing has (several stand out).
create function public.reports_open()
returns table (id uuid, listing_id uuid, slug text, property_name text, reason text, message text, email text,
               created_at timestamptz, open_for_listing integer)
language sql stable set search_path = '' as $$
  select r.id, l.id, l.slug, l.property_name, r.reason, r.message, r.email, r.created_at,
         (count(*) over (partition by r.listing_id))::integer
  from public.listing_reports r join public.glamping_listings l on l.id = r.listing_id
  where r.resolved_at is null
  order by count(*) over (partition by r.listing_id) desc, r.created_at, r.id;
$$;

-- Staff resolve a report once; the reporter's e-mail (when they left an address) is queued in the same write.
-- The reporter's address, or '' when they left none; null when the report is unknown or resolved already.
create function public.staff_resolve_report(p_id uuid, p_resolution text, p_actor text, p_email jsonb)
returns text
language plpgsql set search_path = '' as $$
declare
  v_email text;
  v_found boolean;
begin
  update public.listing_reports set resolution = p_resolution, resolved_by = p_actor, resolved_at = now()
  where id = p_id and resolved_at is null
  returning coalesce(email, ''), true into v_email, v_found;
  if not coalesce(v_found, false) then
    return null;
  end if;
  if v_email <> '' and p_email is not null then
    perform public.staff_queue_email(p_id, p_email || jsonb_build_object('to_address', v_email));
  end if;
  return v_email;
end;
$$;

do $$
declare
  f text;
begin
  foreach f in array array['report_listing(text, text, text, text, text, integer, integer)', 'reports_open()',
    'staff_resolve_report(uuid, text, text, jsonb)']
  loop
    execute format('revoke execute on function public.%s from public, anon, authenticated', f);
    execute format('grant execute on function public.%s to service_role', f);
  end loop;
end
$$;
