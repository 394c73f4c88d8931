-- The facts glampers filter by (issue 15, D32): each optional, null meaning "not stated" (never "no").
--
-- open_months            months open, 1-12 ascending without repeats; all twelve: year-round
-- pets_allowed           yes / no
-- good_for_kids          yes / no
-- wheelchair_accessible  yes / no, with accessibility_note for the detail (step-free path, roll-in shower, ...)
-- sleeps                 maximum guests
-- min_nights             minimum stay in nights
-- Added at the end of the table: the write functions take their columns from it (20261123030000), so submissions
-- and staff imports write these as soon as the JSON carries them. Existing rows keep every value and get nulls.
alter table public.glamping_listings
  add column open_months smallint[] check (
    open_months is null or (
      cardinality(open_months) between 1 and 12
      and array_ndims(open_months) = 1
      and 1 <= all (open_months) and 12 >= all (open_months)
    )
  ),
  add column pets_allowed boolean,
  add column good_for_kids boolean,
  add column wheelchair_accessible boolean,
  add column accessibility_note text check (accessibility_note is null or char_length(accessibility_note) <= 200),
  add column sleeps smallint check (sleeps is null or sleeps between 1 and 500),
  add column min_nights smallint check (min_nights is null or min_nights between 1 and 365);

comment on column public.glamping_listings.open_months is
  'Months open (1-12); all twelve: year-round; null: not stated (D32).';
comment on column public.glamping_listings.pets_allowed is 'Null: not stated (D32).';
comment on column public.glamping_listings.good_for_kids is 'Null: not stated (D32).';
comment on column public.glamping_listings.wheelchair_accessible is 'Null: not stated (D32).';
comment on column public.glamping_listings.sleeps is 'Maximum guests; null: not stated (D32).';
comment on column public.glamping_listings.min_nights is 'Minimum stay in nights; null: not stated (D32).';

-- Staff edit follows the table too: any public column a write may set, except those with their own actions
-- (status, featuring, photos) and the identity and history ones. The value is typed by the column
-- (jsonb_populate_record), so an edit of sleeps or open_months needs no list here. It listed every column by name
-- before, so coordinates_source (issue 17) could not be edited although the CSV and the console offer it.
create or replace function public.staff_edit_listing(p_id uuid, p_field text, p_value jsonb, p_actor text)
returns text
language plpgsql set search_path = '' as $$
declare
  v_old text;
begin
  if p_field in ('id', 'slug', 'verification_status', 'featured', 'created_at', 'photos')
    or cardinality(public.listing_write_columns(array[p_field])) = 0 then
    raise exception 'Field % cannot be edited', p_field using errcode = 'invalid_parameter_value';
  end if;
  execute format('select %I::text from public.glamping_listings where id = $1 for update', p_field)
    into v_old using p_id;
  if not exists (select 1 from public.glamping_listings where id = p_id) then
    raise exception 'No listing with id %', p_id using errcode = 'no_data_found';
  end if;
  execute format(
    'update public.glamping_listings set %1$I = (jsonb_populate_record(null::public.glamping_listings, $1)).%1$I
     where id = $2',
    p_field
  ) using jsonb_build_object(p_field, p_value), p_id;
  insert into public.staff_audit_log (actor, action, listing_id, field, old_value, new_value)
  values (p_actor, 'edit', p_id, p_field, v_old, p_value #>> '{}');
  return v_old;
end;
$$;
revoke execute on function public.staff_edit_listing(uuid, text, jsonb, text) from public, anon, authenticated;
grant execute on function public.staff_edit_listing(uuid, text, jsonb, text) to service_role;
