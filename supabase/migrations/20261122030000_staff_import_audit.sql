-- Staff import (issue 6): one audit row per imported listing, with its status before (null for a new listing) and
-- after, instead of one row for the whole file, so every listing's history shows the import like any other action.

create or replace function public.staff_import_listings(p_rows jsonb, p_actor text) returns integer
language plpgsql set search_path = '' as $$
declare
  v_count integer;
begin
  -- Read the statuses before the upsert overwrites them; the same transaction, so nothing is half-recorded.
  insert into public.staff_audit_log (actor, action, listing_id, old_status, new_status)
  select p_actor, 'import', x.id, l.verification_status, x.verification_status
  from jsonb_to_recordset(p_rows) as x(id uuid, verification_status text)
  left join public.glamping_listings l on l.id = x.id;

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

  return v_count;
end;
$$;

revoke execute on function public.staff_import_listings(jsonb, text) from public, anon, authenticated;
grant execute on function public.staff_import_listings(jsonb, text) to service_role;
