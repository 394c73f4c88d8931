-- Owners propose photos too (issue 14 with issue 12's photos, D29, D31). An owner's edit may carry `photos`: the
-- photos they want in order, cover first, each an id and a caption. An id is either one of the listing's own photos
-- (kept, with the caption given) or a fresh upload of theirs (POST /api/photos: processed, stored privately). The
-- proposal resolves them here, in the same transaction as the ownership check: a fresh upload is taken out of
-- photo_uploads into the proposal, so it no longer expires after a day while staff review it, and any other id (a
-- photo of someone else's listing, whose public address shows its id, or an expired upload) refuses the proposal
-- with a message for the owner. Approval sets the listing's photos through staff_set_photos (audited as an edit);
-- the files go public with the rebuild's photo step when the listing is verified (src/server/staff/actions.ts).

-- The photos an owner proposes for a listing, resolved against its current photos and the unexpired uploads; the
-- uploads are used up. Raises P0001 (its message for the owner) for an id that is neither.
create function public.resolve_owner_photos(p_listing uuid, p_photos jsonb) returns jsonb
language plpgsql set search_path = '' as $$
declare
  v_current jsonb;
  v_missing bigint;
  v_photos jsonb;
begin
  if p_photos is null or jsonb_typeof(p_photos) <> 'array' then
    raise exception 'Photos must be a list' using errcode = 'P0001';
  end if;
  if jsonb_array_length(p_photos) > 8 then
    raise exception 'Please choose at most 8 photos' using errcode = 'P0001';
  end if;
  if (select count(distinct p.item ->> 'id') from jsonb_array_elements(p_photos) as p(item))
     <> jsonb_array_length(p_photos) then
    raise exception 'The same photo is listed twice: please remove one' using errcode = 'P0001';
  end if;
  select l.photos into v_current from public.glamping_listings l where l.id = p_listing;
  select min(p.ord) into v_missing
  from jsonb_array_elements(p_photos) with ordinality as p(item, ord)
  where not exists (select 1 from jsonb_array_elements(coalesce(v_current, '[]'::jsonb)) as c(photo)
                    where c.photo ->> 'id' = p.item ->> 'id')
    and not exists (select 1 from public.photo_uploads u where u.id = p.item ->> 'id' and u.expires_at > now());
  if v_missing is not null then
    raise exception 'Photo % is no longer available (uploads are kept for a day): please add it again', v_missing
      using errcode = 'P0001';
  end if;
  select coalesce(jsonb_agg(
      coalesce(
        (select c.photo from jsonb_array_elements(coalesce(v_current, '[]'::jsonb)) as c(photo)
         where c.photo ->> 'id' = p.item ->> 'id' limit 1),
        (select jsonb_build_object('id', u.id, 'width', u.width, 'height', u.height, 'widths', to_jsonb(u.widths),
                  'placeholder', u.placeholder)
         from public.photo_uploads u where u.id = p.item ->> 'id')
      ) || jsonb_build_object('caption', nullif(trim(p.item ->> 'caption'), ''))
      order by p.ord), '[]'::jsonb)
  into v_photos
  from jsonb_array_elements(p_photos) with ordinality as p(item, ord);
  delete from public.photo_uploads u using jsonb_array_elements(p_photos) as p(item) where u.id = p.item ->> 'id';
  return v_photos;
end;
$$;

create or replace function public.owner_propose_change(p_email text, p_listing uuid, p_kind text, p_changes jsonb,
  p_note text, p_mail jsonb)
returns uuid
language plpgsql set search_path = '' as $$
declare
  v_id uuid;
  v_changes jsonb := coalesce(p_changes, '{}'::jsonb);
begin
  if not public.owner_may(p_email, p_listing) then
    raise exception 'You are not an owner of this listing' using errcode = 'insufficient_privilege';
  end if;
  if p_kind = 'edit' and v_changes ? 'photos' then
    v_changes := jsonb_set(v_changes, '{photos}', public.resolve_owner_photos(p_listing, v_changes -> 'photos'));
  end if;
  -- A newer proposal of the same kind replaces the one still waiting: staff review what the owner wants now.
  update public.listing_changes set status = 'refused', reason = 'Replaced by a newer proposal',
    decided_at = now(), decided_by = lower(trim(p_email))
  where listing_id = p_listing and kind = p_kind and status = 'pending';
  insert into public.listing_changes (listing_id, email, kind, changes, note)
  values (p_listing, lower(trim(p_email)), p_kind, v_changes, p_note)
  returning id into v_id;
  perform public.outbox_queue(p_mail);
  return v_id;
end;
$$;

create or replace function public.staff_decide_change(p_id uuid, p_approve boolean, p_actor text, p_reason text,
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
      if v_field = 'photos' then
        perform public.staff_set_photos(v_change.listing_id, v_change.changes -> 'photos', 'edit', null, p_actor);
      else
        perform public.staff_edit_listing(v_change.listing_id, v_field, v_change.changes -> v_field, p_actor);
      end if;
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

revoke execute on function public.resolve_owner_photos(uuid, jsonb) from public, anon, authenticated;
grant execute on function public.resolve_owner_photos(uuid, jsonb) to service_role;
