-- Staff moderation (issue 6, D5): every staff action is one SQL function call, so supabase-js (rpc) and a direct
-- connection share the same atomic write: the change, its audit row and the owner's e-mail in one transaction.

create table public.staff_audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default clock_timestamp(),
  actor text not null check (char_length(actor) between 1 and 120),
  action text not null check (action in ('verify', 'reject', 'pending', 'feature', 'unfeature', 'edit', 'import')),
  listing_id uuid,
  old_status text,
  new_status text,
  reason text check (char_length(reason) <= 2000),
  field text,
  old_value text,
  new_value text
);
comment on table public.staff_audit_log is 'Who changed which listing, when and how (issue 6). Staff only.';
create index staff_audit_log_listing_idx on public.staff_audit_log (listing_id, at);

-- When the production build hook was last called: the staff function throttles hook calls to one per window.
create table public.staff_rebuild_state (
  id smallint primary key default 1 check (id = 1),
  last_triggered_at timestamptz,
  pending boolean not null default false
);
insert into public.staff_rebuild_state (id) values (1);

alter table public.staff_audit_log enable row level security;
alter table public.staff_rebuild_state enable row level security;
revoke all on public.staff_audit_log, public.staff_rebuild_state from anon, authenticated;
grant all on public.staff_audit_log, public.staff_rebuild_state to service_role;

create function public.staff_queue_email(p_id uuid, p_email jsonb) returns void
language sql set search_path = '' as $$
  insert into public.email_outbox (kind, to_address, subject, text_body, html_body, related_id)
  select p_email ->> 'kind', p_email ->> 'to_address', p_email ->> 'subject', p_email ->> 'text_body',
    p_email ->> 'html_body', p_id
  where p_email is not null and jsonb_typeof(p_email) = 'object';
$$;

create function public.staff_set_status(p_id uuid, p_status text, p_actor text, p_reason text, p_email jsonb)
returns table (old_status text, new_status text)
language plpgsql set search_path = '' as $$
declare
  v_old text;
begin
  select l.verification_status into v_old from public.glamping_listings l where l.id = p_id for update;
  if not found then
    raise exception 'No listing with id %', p_id using errcode = 'no_data_found';
  end if;
  update public.glamping_listings set verification_status = p_status where id = p_id;
  insert into public.staff_audit_log (actor, action, listing_id, old_status, new_status, reason)
  values (p_actor, case p_status when 'verified' then 'verify' when 'rejected' then 'reject' else 'pending' end,
    p_id, v_old, p_status, nullif(p_reason, ''));
  perform public.staff_queue_email(p_id, p_email);
  return query select v_old, p_status;
end;
$$;

create function public.staff_set_featured(p_id uuid, p_featured boolean, p_actor text) returns boolean
language plpgsql set search_path = '' as $$
declare
  v_old boolean;
begin
  select l.featured into v_old from public.glamping_listings l where l.id = p_id for update;
  if not found then
    raise exception 'No listing with id %', p_id using errcode = 'no_data_found';
  end if;
  update public.glamping_listings set featured = p_featured where id = p_id;
  insert into public.staff_audit_log (actor, action, listing_id, field, old_value, new_value)
  values (p_actor, case when p_featured then 'feature' else 'unfeature' end, p_id, 'featured', v_old::text,
    p_featured::text);
  return v_old;
end;
$$;

-- p_value is JSON: a string, a number (coordinates), an array (amenities, features) or null (optional fields).
-- The column name comes from a fixed list checked here, never straight from input.
create function public.staff_edit_listing(p_id uuid, p_field text, p_value jsonb, p_actor text) returns text
language plpgsql set search_path = '' as $$
declare
  v_old text;
  v_expr text;
begin
  if p_field in ('property_name', 'description', 'street_address', 'city', 'state', 'zip_code', 'phone',
    'website_url', 'public_email', 'accommodation_type', 'setting_type', 'price_range') then
    v_expr := '$1 #>> ''{}''';
  elsif p_field in ('latitude', 'longitude') then
    v_expr := '($1 #>> ''{}'')::double precision';
  elsif p_field in ('amenities', 'features', 'images') then
    v_expr := 'array(select jsonb_array_elements_text($1))';
  else
    raise exception 'Field % cannot be edited', p_field using errcode = 'invalid_parameter_value';
  end if;
  execute format('select %I::text from public.glamping_listings where id = $1 for update', p_field)
    into v_old using p_id;
  if not exists (select 1 from public.glamping_listings where id = p_id) then
    raise exception 'No listing with id %', p_id using errcode = 'no_data_found';
  end if;
  execute format('update public.glamping_listings set %I = %s where id = $2', p_field, v_expr)
    using p_value, p_id;
  insert into public.staff_audit_log (actor, action, listing_id, field, old_value, new_value)
  values (p_actor, 'edit', p_id, p_field, v_old, p_value #>> '{}');
  return v_old;
end;
$$;

-- Bulk import: every row inserted or updated (by id) in this one call, so a failure leaves nothing half-imported.
create function public.staff_import_listings(p_rows jsonb, p_actor text) returns integer
language plpgsql set search_path = '' as $$
declare
  v_count integer;
begin
  insert into public.glamping_listings (
    id, slug, property_name, description, latitude, longitude, street_address, city, state, zip_code, phone,
    website_url, public_email, accommodation_type, setting_type, price_range, amenities, features, images,
    verification_status, featured, created_at
  )
  select x.id, x.slug, x.property_name, x.description, x.latitude, x.longitude, x.street_address, x.city, x.state,
    x.zip_code, x.phone, x.website_url, x.public_email, x.accommodation_type, x.setting_type, x.price_range,
    x.amenities, x.features, x.images, x.verification_status, x.featured, coalesce(x.created_at, now())
  from jsonb_to_recordset(p_rows) as x(
    id uuid, slug text, property_name text, description text, latitude double precision,
    longitude double precision, street_address text, city text, state text, zip_code text, phone text,
    website_url text, public_email text, accommodation_type text, setting_type text, price_range text,
    amenities text[], features text[], images text[], verification_status text, featured boolean,
    created_at timestamptz
  )
  on conflict (id) do update set
    slug = excluded.slug, property_name = excluded.property_name, description = excluded.description,
    latitude = excluded.latitude, longitude = excluded.longitude, street_address = excluded.street_address,
    city = excluded.city, state = excluded.state, zip_code = excluded.zip_code, phone = excluded.phone,
    website_url = excluded.website_url, public_email = excluded.public_email,
    accommodation_type = excluded.accommodation_type, setting_type = excluded.setting_type,
    price_range = excluded.price_range, amenities = excluded.amenities, features = excluded.features,
    images = excluded.images, verification_status = excluded.verification_status, featured = excluded.featured,
    created_at = excluded.created_at;
  get diagnostics v_count = row_count;

  insert into public.listing_owner_contacts (listing_id, owner_name, email)
  select (r ->> 'id')::uuid, r ->> 'owner_name', r ->> 'owner_email'
  from jsonb_array_elements(p_rows) as r
  where coalesce(r ->> 'owner_name', '') <> '' and coalesce(r ->> 'owner_email', '') <> ''
  on conflict (listing_id) do update set owner_name = excluded.owner_name, email = excluded.email;

  insert into public.staff_audit_log (actor, action, new_value) values (p_actor, 'import', v_count::text);
  return v_count;
end;
$$;

-- Throttles the production build hook: true means "call the hook now"; inside the window the change is remembered
-- (pending) and the first call after the window triggers.
create function public.staff_claim_rebuild(p_window_seconds integer) returns boolean
language plpgsql set search_path = '' as $$
declare
  v_last timestamptz;
begin
  select s.last_triggered_at into v_last from public.staff_rebuild_state s where s.id = 1 for update;
  if v_last is null or clock_timestamp() - v_last >= make_interval(secs => p_window_seconds) then
    update public.staff_rebuild_state set last_triggered_at = clock_timestamp(), pending = false where id = 1;
    return true;
  end if;
  update public.staff_rebuild_state set pending = true where id = 1;
  return false;
end;
$$;

revoke execute on function public.staff_queue_email(uuid, jsonb) from public, anon, authenticated;
revoke execute on function public.staff_set_status(uuid, text, text, text, jsonb) from public, anon, authenticated;
revoke execute on function public.staff_set_featured(uuid, boolean, text) from public, anon, authenticated;
revoke execute on function public.staff_edit_listing(uuid, text, jsonb, text) from public, anon, authenticated;
revoke execute on function public.staff_import_listings(jsonb, text) from public, anon, authenticated;
revoke execute on function public.staff_claim_rebuild(integer) from public, anon, authenticated;
grant execute on function public.staff_queue_email(uuid, jsonb) to service_role;
grant execute on function public.staff_set_status(uuid, text, text, text, jsonb) to service_role;
grant execute on function public.staff_set_featured(uuid, boolean, text) to service_role;
grant execute on function public.staff_edit_listing(uuid, text, jsonb, text) to service_role;
grant execute on function public.staff_import_listings(jsonb, text) to service_role;
grant execute on function public.staff_claim_rebuild(integer) to service_role;
