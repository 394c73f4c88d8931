-- A photo can appear on more than one listing (the sample data shares a pool of twelve; a staff CSV can copy a
-- listing's photos cell to another). Unpublishing a listing must not withdraw a photo another verified listing still
-- shows, and removing it from one listing must not delete the files another listing uses.
create function public.photo_used_elsewhere(p_photo text, p_listing uuid, p_verified_only boolean) returns boolean
language sql stable set search_path = '' as $$
  select exists (
    select 1 from public.glamping_listings l
    where l.id <> p_listing
      and (not p_verified_only or l.verification_status = 'verified')
      and l.photos @> jsonb_build_array(jsonb_build_object('id', p_photo))
  );
$$;
revoke execute on function public.photo_used_elsewhere(text, uuid, boolean) from public, anon, authenticated;
grant execute on function public.photo_used_elsewhere(text, uuid, boolean) to service_role;
