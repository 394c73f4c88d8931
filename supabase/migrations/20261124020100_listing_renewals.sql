-- Renewal of verification (issue 14): a listing not re-verified for 12 months is due; its owner gets one "still
-- accurate?" e-mail per due period (the period is the verified_at it was due for), confirms with a one-time token
-- (stored only as its SHA-256 hash, like sign-in links), and after 60 more days without an answer staff decide.

create table public.listing_renewals (
  listing_id uuid not null references public.glamping_listings (id) on delete cascade,
  -- The verification this reminder renews: one reminder per listing and period, whatever runs the job twice.
  period timestamptz not null,
  token_hash text unique check (token_hash ~ '^[0-9a-f]{64}$'),
  owner_email text,
  due_at timestamptz not null,
  sent_at timestamptz,
  answered_at timestamptz,
  escalated_at timestamptz,
  primary key (listing_id, period)
);
comment on table public.listing_renewals is
  'One renewal reminder per listing and due period (issue 14): token hash, when asked, answered, escalated.';

alter table public.listing_renewals enable row level security;
revoke all on public.listing_renewals from anon, authenticated;
grant all on public.listing_renewals to service_role;
create policy "Staff only: the public roles never see or change rows" on public.listing_renewals as restrictive
  for all to anon, authenticated using (false) with check (false);

-- Verified listings whose last verification is older than 12 months at p_now and that have no reminder for it yet.
create function public.renewals_due(p_now timestamptz)
returns table (listing_id uuid, slug text, property_name text, owner_name text, owner_email text)
language sql stable set search_path = '' as $$
  select l.id, l.slug, l.property_name, c.owner_name, c.email
  from public.glamping_listings l
  left join public.listing_owner_contacts c on c.listing_id = l.id
  where l.verification_status = 'verified' and l.verified_at <= p_now - interval '12 months'
    and not exists (select 1 from public.listing_renewals r where r.listing_id = l.id and r.period = l.verified_at)
  order by l.verified_at, l.id;
$$;

-- Records the reminder for the listing's current verification, if still due at p_now, and queues its e-mail in one
-- transaction; false (and no e-mail) when that reminder exists already or the listing was renewed meanwhile.
create function public.renewal_start(p_listing uuid, p_token_hash text, p_now timestamptz, p_email jsonb)
returns boolean
language plpgsql set search_path = '' as $$
declare
  v_rows integer;
begin
  insert into public.listing_renewals (listing_id, period, token_hash, owner_email, due_at, sent_at)
  select l.id, l.verified_at, case when p_email is null then null else p_token_hash end,
         p_email ->> 'to_address', p_now, case when p_email is null then null else p_now end
  from public.glamping_listings l
  where l.id = p_listing and l.verification_status = 'verified' and l.verified_at <= p_now - interval '12 months'
  on conflict (listing_id, period) do nothing;
  get diagnostics v_rows = row_count;
  if v_rows = 0 then
    return false;
  end if;
  perform public.staff_queue_email(p_listing, p_email);
  return true;
end;
$$;

-- Reminders unanswered 60 days after they were due go to staff: the number marked now.
create function public.renewals_escalate(p_now timestamptz) returns integer
language plpgsql set search_path = '' as $$
declare
  v_rows integer;
begin
  update public.listing_renewals r set escalated_at = p_now
  from public.glamping_listings l
  where l.id = r.listing_id and l.verified_at = r.period and r.answered_at is null and r.escalated_at is null
    and r.due_at <= p_now - interval '60 days';
  get diagnostics v_rows = row_count;
  return v_rows;
end;
$$;

-- The owner's "still accurate": renews the listing once; the slug, or null for an unknown or used token.
create function public.renewal_confirm(p_token_hash text) returns text
language plpgsql set search_path = '' as $$
declare
  v_listing uuid;
  v_slug text;
begin
  update public.listing_renewals r set answered_at = now()
  from public.glamping_listings l
  where r.token_hash = p_token_hash and r.answered_at is null and l.id = r.listing_id and l.verified_at = r.period
    and l.verification_status = 'verified'
  returning r.listing_id, l.slug into v_listing, v_slug;
  if v_listing is null then
    return null;
  end if;
  perform public.renew_verification(v_listing, 'owner');
  return v_slug;
end;
$$;

-- The staff queue: open reminders of the listings' current periods, the escalated first.
create function public.renewals_open()
returns table (listing_id uuid, slug text, property_name text, verified_at timestamptz, owner_email text,
               due_at timestamptz, sent_at timestamptz, escalated_at timestamptz)
language sql stable set search_path = '' as $$
  select l.id, l.slug, l.property_name, l.verified_at, r.owner_email, r.due_at, r.sent_at, r.escalated_at
  from public.listing_renewals r
  join public.glamping_listings l on l.id = r.listing_id and l.verified_at = r.period
  where r.answered_at is null and l.verification_status = 'verified'
  order by r.escalated_at is null, r.due_at, l.id;
$$;

do $$
declare
  f text;
begin
  foreach f in array array['renewals_due(timestamptz)', 'renewal_start(uuid, text, timestamptz, jsonb)',
    'renewals_escalate(timestamptz)', 'renewal_confirm(text)', 'renewals_open()']
  loop
    execute format('revoke execute on function public.%s from public, anon, authenticated', f);
    execute format('grant execute on function public.%s to service_role', f);
  end loop;
end
$$;
