-- Writes that must be atomic on every backend (D24): a submission stores its listing, the owner's private contact
-- and its notification e-mails in one transaction. As SQL functions they are one call from supabase-js (rpc) and
-- from a direct connection alike. Only the server's role may execute them.

create function public.submit_listing(p_listing jsonb, p_owner jsonb, p_emails jsonb)
returns table (listing_id uuid, listing_slug text)
language plpgsql set search_path = '' as $$
declare
  v_id uuid := gen_random_uuid();
  v_slug text := p_listing ->> 'slug';
begin
  -- A taken slug gets a short suffix from the new id, so slugs stay unique and stable.
  if exists (select 1 from public.glamping_listings l where l.slug = v_slug) then
    v_slug := left(v_slug, 110) || '-' || left(replace(v_id::text, '-', ''), 8);
  end if;

  insert into public.glamping_listings (
    id, slug, property_name, description, latitude, longitude, street_address, city, state, zip_code, phone,
    website_url, accommodation_type, setting_type, price_range, amenities, verification_status
  ) values (
    v_id, v_slug, p_listing ->> 'property_name', p_listing ->> 'description',
    (p_listing ->> 'latitude')::double precision, (p_listing ->> 'longitude')::double precision,
    p_listing ->> 'street_address', p_listing ->> 'city', p_listing ->> 'state', p_listing ->> 'zip_code',
    p_listing ->> 'phone', nullif(p_listing ->> 'website_url', ''), p_listing ->> 'accommodation_type',
    p_listing ->> 'setting_type', nullif(p_listing ->> 'price_range', ''),
    coalesce(array(select jsonb_array_elements_text(p_listing -> 'amenities')), '{}'),
    'pending'
  );

  insert into public.listing_owner_contacts (listing_id, owner_name, email)
  values (v_id, p_owner ->> 'owner_name', p_owner ->> 'email');

  insert into public.email_outbox (kind, to_address, subject, text_body, html_body, related_id)
  select e ->> 'kind', e ->> 'to_address', e ->> 'subject', e ->> 'text_body', e ->> 'html_body', v_id
  from jsonb_array_elements(coalesce(p_emails, '[]'::jsonb)) as e;

  return query select v_id, v_slug;
end;
$$;
comment on function public.submit_listing(jsonb, jsonb, jsonb) is
  'Stores a pending listing, its owner contact and its e-mails atomically (D7, D24).';

create function public.save_contact_message(p_message jsonb, p_emails jsonb)
returns uuid
language plpgsql set search_path = '' as $$
declare
  v_id uuid := gen_random_uuid();
begin
  insert into public.contact_messages (id, name, email, subject, category, message)
  values (v_id, p_message ->> 'name', p_message ->> 'email', p_message ->> 'subject',
    nullif(p_message ->> 'category', ''), p_message ->> 'message');

  insert into public.email_outbox (kind, to_address, subject, text_body, html_body, related_id)
  select e ->> 'kind', e ->> 'to_address', e ->> 'subject', e ->> 'text_body', e ->> 'html_body', v_id
  from jsonb_array_elements(coalesce(p_emails, '[]'::jsonb)) as e;

  return v_id;
end;
$$;
comment on function public.save_contact_message(jsonb, jsonb) is
  'Stores a contact message and its staff notification atomically (D19, D24).';

revoke execute on function public.submit_listing(jsonb, jsonb, jsonb) from public, anon, authenticated;
revoke execute on function public.save_contact_message(jsonb, jsonb) from public, anon, authenticated;
grant execute on function public.submit_listing(jsonb, jsonb, jsonb) to service_role;
grant execute on function public.save_contact_message(jsonb, jsonb) to service_role;

-- Outbox bookkeeping as functions, so every backend increments attempts atomically (no read-then-write).
create function public.outbox_mark_sent(p_id uuid) returns void
language sql set search_path = '' as $$
  update public.email_outbox set sent_at = now(), attempts = attempts + 1, last_error = null
  where id = p_id and sent_at is null;
$$;

create function public.outbox_mark_failed(p_id uuid, p_error text, p_next_attempt_at timestamptz) returns void
language sql set search_path = '' as $$
  update public.email_outbox
  set attempts = attempts + 1, last_error = left(p_error, 1000), next_attempt_at = p_next_attempt_at
  where id = p_id and sent_at is null;
$$;

revoke execute on function public.outbox_mark_sent(uuid) from public, anon, authenticated;
revoke execute on function public.outbox_mark_failed(uuid, text, timestamptz) from public, anon, authenticated;
grant execute on function public.outbox_mark_sent(uuid) to service_role;
grant execute on function public.outbox_mark_failed(uuid, text, timestamptz) to service_role;
