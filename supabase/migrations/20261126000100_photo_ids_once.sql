-- One upload id at most once per listing: a listing naming a photo twice lost its files when staff removed one copy
-- (the files went, the other copy still showed). Submissions naming an upload twice are refused with a message for
-- the owner (owners' proposals already were), and the expiry of uploads never returns one a listing shows (a staff
-- CSV can name an upload before a submission takes it), so the clean-up never deletes files still in use.

create function public.photo_ids_distinct(p_photos jsonb) returns boolean
language sql immutable set search_path = '' as $$
  select coalesce((select count(distinct e ->> 'id') = count(*) from jsonb_array_elements(p_photos) as e), true);
$$;

-- Listings stored before this rule keep the first copy of a photo named twice.
update public.glamping_listings l
set photos = (
  select coalesce(jsonb_agg(e order by ord), '[]'::jsonb)
  from jsonb_array_elements(l.photos) with ordinality as p(e, ord)
  where not exists (select 1 from jsonb_array_elements(l.photos) with ordinality as q(f, o)
                    where q.f ->> 'id' = p.e ->> 'id' and q.o < p.ord))
where not public.photo_ids_distinct(l.photos);

alter table public.glamping_listings add constraint glamping_listings_photo_ids_distinct
  check (public.photo_ids_distinct(photos));

create or replace function public.take_photo_uploads(p_photos jsonb) returns jsonb
language plpgsql set search_path = '' as $$
declare
  v_missing bigint;
  v_photos jsonb;
begin
  if p_photos is null or jsonb_typeof(p_photos) <> 'array' or jsonb_array_length(p_photos) = 0 then
    return '[]'::jsonb;
  end if;
  if not public.photo_ids_distinct(p_photos) then
    raise exception 'The same photo is listed twice: please remove one' using errcode = 'P0001';
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

-- Expired uploads, removed; only those no listing or pending proposal names are returned for their files to go.
create or replace function public.expire_photo_uploads() returns table (id text, widths integer[])
language sql set search_path = '' as $$
  with gone as (delete from public.photo_uploads u where u.expires_at <= now() returning u.id, u.widths)
  select g.id, g.widths from gone g
  where not exists (select 1 from public.glamping_listings l
                    where l.photos @> jsonb_build_array(jsonb_build_object('id', g.id)))
    and not exists (select 1 from public.listing_changes c
                    where c.status = 'pending' and c.changes -> 'photos' @> jsonb_build_array(jsonb_build_object('id', g.id)));
$$;
-- photo_ids_distinct stays executable by every role: the table's check calls it as whoever writes a row, and it
-- reads nothing but its argument.
