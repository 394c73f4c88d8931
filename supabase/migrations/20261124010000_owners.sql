-- Owners (issue 14, D30, D31): an owner is whoever holds a listing's private e-mail (listing_owner_contacts, D7) or
-- was approved on a claim (listing_owners). Owners sign in with the staff sign-in; what they propose waits in
-- listing_changes until staff approve it. Every owner write checks ownership here, in the one place every backend
-- shares, so no route of the server can skip it.

create table public.listing_owners (
  listing_id uuid not null references public.glamping_listings (id) on delete cascade,
  email text not null check (email = lower(email) and char_length(email) between 3 and 254),
  added_by text not null check (char_length(added_by) between 1 and 254),
  added_at timestamptz not null default now(),
  primary key (listing_id, email)
);
comment on table public.listing_owners is 'Addresses approved on a claim as owners of a listing (issue 14). Staff only.';
create index listing_owners_email_idx on public.listing_owners (email);

create table public.owner_claims (
  id uuid primary key default gen_random_uuid(),
  listing_id uuid not null references public.glamping_listings (id) on delete cascade,
  email text not null check (email = lower(email) and char_length(email) between 3 and 254),
  name text not null check (char_length(name) between 1 and 120),
  role text not null check (char_length(role) between 1 and 120),
  proof text not null check (char_length(proof) between 1 and 500),
  status text not null default 'pending' check (status in ('pending', 'approved', 'refused')),
  reason text check (char_length(reason) <= 2000),
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  decided_by text
);
comment on table public.owner_claims is 'Requests to be recognised as the owner of a listing, for staff to decide.';
create index owner_claims_pending_idx on public.owner_claims (created_at) where status = 'pending';
create index owner_claims_listing_idx on public.owner_claims (listing_id);

create table public.listing_changes (
  id uuid primary key default gen_random_uuid(),
  listing_id uuid not null references public.glamping_listings (id) on delete cascade,
  email text not null check (char_length(email) between 3 and 254),
  kind text not null check (kind in ('edit', 'unpublish')),
  -- For an edit: the changed public fields and their new values (already checked by the form's rules).
  changes jsonb not null default '{}'::jsonb check (jsonb_typeof(changes) = 'object'),
  note text check (char_length(note) <= 2000),
  status text not null default 'pending' check (status in ('pending', 'approved', 'refused')),
  reason text check (char_length(reason) <= 2000),
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  decided_by text
);
comment on table public.listing_changes is 'Owner proposals (edit, unpublish) pending staff review (D31). Staff only.';
create index listing_changes_pending_idx on public.listing_changes (created_at) where status = 'pending';
create index listing_changes_listing_idx on public.listing_changes (listing_id, status);

alter table public.listing_owners enable row level security;
alter table public.owner_claims enable row level security;
alter table public.listing_changes enable row level security;
revoke all on public.listing_owners, public.owner_claims, public.listing_changes from anon, authenticated;
grant all on public.listing_owners, public.owner_claims, public.listing_changes to service_role;

do $$
declare
  t text;
begin
  foreach t in array array['listing_owners', 'owner_claims', 'listing_changes']
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
    'staff-remove', 'photo-remove', 'photo-cover', 'claim-approve', 'claim-refuse', 'change-approve',
    'change-refuse'));

-- The ids of the listings an address owns: its private contact e-mail, or an approved claim.
create function public.owner_listing_ids(p_email text) returns setof uuid
language sql stable set search_path = '' as $$
  select listing_id from public.listing_owner_contacts where lower(email) = lower(trim(p_email))
  union
  select listing_id from public.listing_owners where email = lower(trim(p_email));
$$;

create function public.owner_may(p_email text, p_listing uuid) returns boolean
language sql stable set search_path = '' as $$
  select exists (select 1 from public.owner_listing_ids(p_email) x where x = p_listing);
$$;

-- Staff and owners share one sign-in: a link is stored for a staff address or an owner's.
create or replace function public.auth_create_link(p_email text, p_token_hash text, p_ttl_seconds integer,
  p_mail jsonb)
returns boolean
language plpgsql set search_path = '' as $$
declare
  v_email text := lower(trim(p_email));
begin
  delete from public.auth_links where expires_at < now() - interval '1 day';
  delete from public.auth_sessions where expires_at < now() - interval '1 day';
  delete from public.email_outbox
  where kind = 'sign-in' and sent_at is null and created_at < now() - make_interval(secs => p_ttl_seconds);
  if not exists (select 1 from public.staff_members where email = v_email)
    and not exists (select 1 from public.owner_listing_ids(v_email)) then
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

-- Queues one e-mail given as the outbox row's fields; nothing for null (no one to tell).
create function public.outbox_queue(p_mail jsonb) returns void
language sql set search_path = '' as $$
  insert into public.email_outbox (kind, to_address, subject, text_body, html_body, related_id)
  select p_mail ->> 'kind', p_mail ->> 'to_address', p_mail ->> 'subject', p_mail ->> 'text_body',
    p_mail ->> 'html_body', (p_mail ->> 'related_id')::uuid
  where jsonb_typeof(p_mail) = 'object';
$$;

-- A claim by someone not on file, with staff's notice queued in the same transaction. An address that already owns
-- the listing stores nothing: 'owner'.
create function public.owner_claim_request(p_slug text, p_email text, p_name text, p_role text, p_proof text,
  p_mail jsonb)
returns text
language plpgsql set search_path = '' as $$
declare
  v_listing uuid;
  v_email text := lower(trim(p_email));
begin
  select id into v_listing from public.glamping_listings where slug = p_slug;
  if v_listing is null then
    raise exception 'No listing "%"', p_slug using errcode = 'no_data_found';
  end if;
  if public.owner_may(v_email, v_listing) then
    return 'owner';
  end if;
  if exists (select 1 from public.owner_claims
             where listing_id = v_listing and email = v_email and status = 'pending') then
    return 'pending';
  end if;
  insert into public.owner_claims (listing_id, email, name, role, proof)
  values (v_listing, v_email, p_name, p_role, p_proof);
  perform public.outbox_queue(p_mail);
  return 'stored';
end;
$$;

-- An owner's proposal for one of their listings, with staff's notice queued in the same transaction; refused
-- (insufficient_privilege) for anyone else's.
create function public.owner_propose_change(p_email text, p_listing uuid, p_kind text, p_changes jsonb,
  p_note text, p_mail jsonb)
returns uuid
language plpgsql set search_path = '' as $$
declare
  v_id uuid;
begin
  if not public.owner_may(p_email, p_listing) then
    raise exception 'You are not an owner of this listing' using errcode = 'insufficient_privilege';
  end if;
  -- A newer proposal of the same kind replaces the one still waiting: staff review what the owner wants now.
  update public.listing_changes set status = 'refused', reason = 'Replaced by a newer proposal',
    decided_at = now(), decided_by = lower(trim(p_email))
  where listing_id = p_listing and kind = p_kind and status = 'pending';
  insert into public.listing_changes (listing_id, email, kind, changes, note)
  values (p_listing, lower(trim(p_email)), p_kind, coalesce(p_changes, '{}'::jsonb), p_note)
  returning id into v_id;
  perform public.outbox_queue(p_mail);
  return v_id;
end;
$$;

-- Staff decide a claim; approval makes the address an owner. The claimant's e-mail is queued in the same
-- transaction. Deciding twice is refused.
create function public.staff_decide_claim(p_id uuid, p_approve boolean, p_actor text, p_reason text,
  p_mail jsonb)
returns uuid
language plpgsql set search_path = '' as $$
declare
  v_claim public.owner_claims;
begin
  select * into v_claim from public.owner_claims where id = p_id for update;
  if v_claim.id is null then
    raise exception 'No claim with id %', p_id using errcode = 'no_data_found';
  end if;
  if v_claim.status <> 'pending' then
    raise exception 'This claim was already %', v_claim.status using errcode = 'check_violation';
  end if;
  update public.owner_claims
  set status = case when p_approve then 'approved' else 'refused' end, reason = p_reason, decided_at = now(),
    decided_by = p_actor
  where id = p_id;
  if p_approve then
    insert into public.listing_owners (listing_id, email, added_by)
    values (v_claim.listing_id, v_claim.email, p_actor) on conflict do nothing;
  end if;
  insert into public.staff_audit_log (actor, action, listing_id, field, new_value, reason)
  values (p_actor, case when p_approve then 'claim-approve' else 'claim-refuse' end, v_claim.listing_id, 'owner',
    v_claim.email, p_reason);
  perform public.outbox_queue(p_mail);
  return v_claim.listing_id;
end;
$$;

-- Staff decide an owner's proposal: approval applies each field through staff_edit_listing (audited per field) or
-- takes the listing off the site; the owner's e-mail is queued in the same transaction.
create function public.staff_decide_change(p_id uuid, p_approve boolean, p_actor text, p_reason text,
  p_mail jsonb)
returns uuid
language plpgsql set search_path = '' as $$
declare
  v_change public.listing_changes;
  v_field text;
begin
  select * into v_change from public.listing_changes where id = p_id for update;
  if v_change.id is null then
    raise exception 'No change with id %', p_id using errcode = 'no_data_found';
  end if;
  if v_change.status <> 'pending' then
    raise exception 'This change was already %', v_change.status using errcode = 'check_violation';
  end if;
  if p_approve and v_change.kind = 'edit' then
    for v_field in select jsonb_object_keys(v_change.changes) loop
      perform public.staff_edit_listing(v_change.listing_id, v_field, v_change.changes -> v_field, p_actor);
    end loop;
  elsif p_approve then
    perform public.staff_set_status(v_change.listing_id, 'rejected', p_actor,
      coalesce(p_reason, 'Unpublished at the owner''s request'), null);
  end if;
  update public.listing_changes
  set status = case when p_approve then 'approved' else 'refused' end, reason = p_reason, decided_at = now(),
    decided_by = p_actor
  where id = p_id;
  insert into public.staff_audit_log (actor, action, listing_id, field, new_value, reason)
  values (p_actor, case when p_approve then 'change-approve' else 'change-refuse' end, v_change.listing_id,
    v_change.kind, v_change.changes::text, p_reason);
  perform public.outbox_queue(p_mail);
  return v_change.listing_id;
end;
$$;

-- The staff queues, one function each so supabase-js (rpc) and a direct connection read the same rows: the pending
-- ones oldest first, or the one with this id (any status).
create function public.staff_owner_claims(p_id uuid)
returns table (id text, listing_id text, slug text, property_name text, email text, name text, role text,
  proof text, status text, created_at text)
language sql stable set search_path = '' as $$
  select c.id::text, c.listing_id::text, l.slug, l.property_name, c.email, c.name, c.role, c.proof, c.status,
    to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
  from public.owner_claims c join public.glamping_listings l on l.id = c.listing_id
  where case when p_id is null then c.status = 'pending' else c.id = p_id end
  order by c.created_at, c.id;
$$;

create function public.staff_listing_changes(p_id uuid, p_listing uuid)
returns table (id text, listing_id text, slug text, property_name text, email text, kind text, changes jsonb,
  note text, status text, created_at text)
language sql stable set search_path = '' as $$
  select c.id::text, c.listing_id::text, l.slug, l.property_name, c.email, c.kind, c.changes, c.note, c.status,
    to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
  from public.listing_changes c join public.glamping_listings l on l.id = c.listing_id
  where case when p_id is null then c.status = 'pending' and (p_listing is null or c.listing_id = p_listing)
    else c.id = p_id end
  order by c.created_at, c.id;
$$;

revoke execute on function public.owner_listing_ids(text), public.owner_may(text, uuid),
  public.outbox_queue(jsonb), public.owner_claim_request(text, text, text, text, text, jsonb),
  public.owner_propose_change(text, uuid, text, jsonb, text, jsonb),
  public.staff_decide_claim(uuid, boolean, text, text, jsonb),
  public.staff_decide_change(uuid, boolean, text, text, jsonb), public.staff_owner_claims(uuid),
  public.staff_listing_changes(uuid, uuid)
  from public, anon, authenticated;
grant execute on function public.owner_listing_ids(text), public.owner_may(text, uuid),
  public.outbox_queue(jsonb), public.owner_claim_request(text, text, text, text, text, jsonb),
  public.owner_propose_change(text, uuid, text, jsonb, text, jsonb),
  public.staff_decide_claim(uuid, boolean, text, text, jsonb),
  public.staff_decide_change(uuid, boolean, text, text, jsonb), public.staff_owner_claims(uuid),
  public.staff_listing_changes(uuid, uuid)
  to service_role;
