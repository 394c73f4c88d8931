-- Owners' photos (issue 12). A listing's photos are one column of it, in order (the first is the cover), each with
-- what a page needs to show it: its id (the folder of its variants in storage), size, stored widths, caption and a
-- tiny placeholder. The image files live in storage, private until the listing is verified (src/data/photos).
-- `images` stays the spec's column of outside image addresses (staff CSV), unrelated to uploads.

alter table public.glamping_listings add column photos jsonb not null default '[]'
  check (jsonb_typeof(photos) = 'array' and jsonb_array_length(photos) <= 8);
comment on column public.glamping_listings.photos is
  'Uploaded photos in order, the first the cover: [{id, width, height, widths, caption, placeholder}] (issue 12).';

-- An upload waits here between its processing and the submission that takes it; one nobody submits expires and the
-- scheduled clean-up deletes it with its files.
create table public.photo_uploads (
  id text primary key check (id ~ '^[A-Za-z0-9_-]{11}$'),
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  widths integer[] not null,
  placeholder text not null check (char_length(placeholder) < 2000),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
comment on table public.photo_uploads is 'Processed photos not yet part of a submission (issue 12). Server only.';
create index photo_uploads_expires_idx on public.photo_uploads (expires_at);

alter table public.photo_uploads enable row level security;
revoke all on public.photo_uploads from anon, authenticated;
grant all on public.photo_uploads to service_role;
create policy "Staff only: the public roles never see or change rows" on public.photo_uploads as restrictive
  for all to anon, authenticated using (false) with check (false);

-- The photos a submission names, resolved from the uploads in the order given, with the owner's captions; the
-- uploads are used up. A photo that is unknown or expired refuses the whole submission (P0001, its message for the
-- owner), so a listing is stored with all its accepted photos or not at all.
create function public.take_photo_uploads(p_photos jsonb) returns jsonb
language plpgsql set search_path = '' as $$
declare
  v_missing bigint;
  v_photos jsonb;
begin
  if p_photos is null or jsonb_typeof(p_photos) <> 'array' or jsonb_array_length(p_photos) = 0 then
    return '[]'::jsonb;
  end if;
  select min(p.ord) into v_missing
  from jsonb_array_elements(p_photos) with ordinality as p(item, ord)
  left join public.photo_uploads u on u.id = p.item ->> 'id' and u.expires_at > now()
  where u.id is null;
  if v_missing is not null then
    raise exception 'Photo % is no longer available (uploads are kept for a day): please add it again', v_missing
      using errcode = 'P0001';
  end if;
  select jsonb_agg(jsonb_build_object('id', u.id, 'width', u.width, 'height', u.height, 'widths', to_jsonb(u.widths),
      'caption', nullif(trim(p.item ->> 'caption'), ''), 'placeholder', u.placeholder) order by p.ord)
  into v_photos
  from jsonb_array_elements(p_photos) with ordinality as p(item, ord)
  join public.photo_uploads u on u.id = p.item ->> 'id';
  delete from public.photo_uploads u using jsonb_array_elements(p_photos) as p(item) where u.id = p.item ->> 'id';
  return v_photos;
end;
$$;

create or replace function public.submit_listing(p_listing jsonb, p_owner jsonb, p_emails jsonb)
returns table (listing_id uuid, listing_slug text)
language plpgsql set search_path = '' as $$
declare
  v_id uuid := gen_random_uuid();
  v_slug text := p_listing ->> 'slug';
  v_row jsonb;
  v_columns text;
begin
  -- A taken slug gets a short suffix from the new id, so slugs stay unique and stable.
  if exists (select 1 from public.glamping_listings l where l.slug = v_slug) then
    v_slug := left(v_slug, 110) || '-' || left(replace(v_id::text, '-', ''), 8);
  end if;

  v_row := (p_listing - array['id', 'slug', 'verification_status', 'featured', 'created_at', 'photos'])
    || jsonb_build_object('id', v_id, 'slug', v_slug, 'verification_status', 'pending', 'featured', false,
                          'created_at', now(), 'photos', public.take_photo_uploads(p_listing -> 'photos'));
  select string_agg(quote_ident(c), ', ') into v_columns
  from unnest(public.listing_write_columns(array(select jsonb_object_keys(v_row)))) as c;
  execute format(
    'insert into public.glamping_listings (%1$s) select %1$s from jsonb_populate_record(null::public.glamping_listings, $1)',
    v_columns
  ) using v_row;

  insert into public.listing_owner_contacts (listing_id, owner_name, email)
  values (v_id, p_owner ->> 'owner_name', p_owner ->> 'email');

  insert into public.email_outbox (kind, to_address, subject, text_body, html_body, related_id)
  select e ->> 'kind', e ->> 'to_address', e ->> 'subject', e ->> 'text_body', e ->> 'html_body', v_id
  from jsonb_array_elements(coalesce(p_emails, '[]'::jsonb)) as e;

  return query select v_id, v_slug;
end;
$$;

-- A processed upload, kept for a day.
create function public.store_photo_upload(p_id text, p_width integer, p_height integer, p_widths jsonb,
  p_placeholder text) returns void
language sql set search_path = '' as $$
  insert into public.photo_uploads (id, width, height, widths, placeholder, expires_at)
  values (p_id, p_width, p_height, array(select jsonb_array_elements_text(p_widths)::integer), p_placeholder,
    now() + interval '1 day');
$$;

-- Expired uploads, removed; their ids and widths returned so the caller deletes their files.
create function public.expire_photo_uploads() returns table (id text, widths integer[])
language sql set search_path = '' as $$
  delete from public.photo_uploads u where u.expires_at <= now() returning u.id, u.widths;
$$;

-- Staff moderation: the photos of a listing replaced by a new order (remove one, change the cover), audited.
alter table public.staff_audit_log drop constraint staff_audit_log_action_check;
alter table public.staff_audit_log add constraint staff_audit_log_action_check
  check (action in ('verify', 'reject', 'pending', 'feature', 'unfeature', 'edit', 'import', 'staff-add',
    'staff-remove', 'photo-remove', 'photo-cover'));

create function public.staff_set_photos(p_id uuid, p_photos jsonb, p_action text, p_photo text, p_actor text)
returns jsonb
language plpgsql set search_path = '' as $$
declare
  v_old jsonb;
begin
  select l.photos into v_old from public.glamping_listings l where l.id = p_id for update;
  if not found then
    raise exception 'No listing with id %', p_id using errcode = 'no_data_found';
  end if;
  update public.glamping_listings set photos = p_photos where id = p_id;
  insert into public.staff_audit_log (actor, action, listing_id, field, old_value, new_value)
  values (p_actor, p_action, p_id, 'photos', p_photo,
    (select string_agg(e ->> 'id', ',') from jsonb_array_elements(p_photos) as e));
  return v_old;
end;
$$;

revoke execute on function public.take_photo_uploads(jsonb), public.store_photo_upload(text, integer, integer,
  jsonb, text), public.expire_photo_uploads(), public.staff_set_photos(uuid, jsonb, text, text, text)
  from public, anon, authenticated;
grant execute on function public.take_photo_uploads(jsonb), public.store_photo_upload(text, integer, integer,
  jsonb, text), public.expire_photo_uploads(), public.staff_set_photos(uuid, jsonb, text, text, text)
  to service_role;
