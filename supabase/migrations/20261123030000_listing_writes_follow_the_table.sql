-- One listing shape (issue 11): the write functions take their columns from the table itself.
--
-- submit_listing and staff_import_listings used to name every column three times (insert list, record type, upsert
-- list), so each new listing field meant editing them. Now they write every column of glamping_listings that the
-- JSON carries (jsonb_populate_record does the typing), except those the database maintains itself. A new optional
-- column is then: this table's migration, and one entry in the listing schema (src/domain/schemas/listing.ts).

-- ---------------------------------------------------------------------------------------------------------------
-- The columns a write may set, in the table's order: all but those maintained by triggers.
-- ---------------------------------------------------------------------------------------------------------------
create function public.listing_write_columns(p_keys text[]) returns text[]
language sql stable set search_path = '' as $$
  select coalesce(array_agg(a.attname::text order by a.attnum), '{}')
  from pg_catalog.pg_attribute a
  where a.attrelid = 'public.glamping_listings'::regclass and a.attnum > 0 and not a.attisdropped
    and a.attname not in ('updated_at', 'change_xid')
    and a.attname = any (p_keys);
$$;
comment on function public.listing_write_columns(text[]) is
  'Of the given keys, those that are writable columns of glamping_listings, in table order (issue 11).';
revoke execute on function public.listing_write_columns(text[]) from public, anon, authenticated;
grant execute on function public.listing_write_columns(text[]) to service_role;

-- ---------------------------------------------------------------------------------------------------------------
-- A submission: every public field it carries; id, slug (made unique), status and dates are the server's.
-- ---------------------------------------------------------------------------------------------------------------
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

  v_row := (p_listing - array['id', 'slug', 'verification_status', 'featured', 'created_at'])
    || jsonb_build_object('id', v_id, 'slug', v_slug, 'verification_status', 'pending', 'featured', false,
                          'created_at', now());
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

-- ---------------------------------------------------------------------------------------------------------------
-- A staff import: every column the rows carry, inserted or updated by id, one audit row per listing.
-- ---------------------------------------------------------------------------------------------------------------
create or replace function public.staff_import_listings(p_rows jsonb, p_actor text) returns integer
language plpgsql set search_path = '' as $$
declare
  v_count integer;
  v_rows jsonb;
  v_columns text[];
begin
  -- Read the statuses before the upsert overwrites them; the same transaction, so nothing is half-recorded.
  insert into public.staff_audit_log (actor, action, listing_id, old_status, new_status)
  select p_actor, 'import', x.id, l.verification_status, x.verification_status
  from jsonb_to_recordset(p_rows) as x(id uuid, verification_status text)
  left join public.glamping_listings l on l.id = x.id;

  -- A row without a creation date was created now.
  select coalesce(jsonb_agg(case when coalesce(r ->> 'created_at', '') = ''
                                 then r || jsonb_build_object('created_at', now()) else r end), '[]')
  into v_rows from jsonb_array_elements(p_rows) as r;
  v_columns := public.listing_write_columns(
    array(select distinct k from jsonb_array_elements(v_rows) as r, jsonb_object_keys(r) as k));

  execute format(
    'insert into public.glamping_listings (%1$s) select %1$s
     from jsonb_populate_recordset(null::public.glamping_listings, $1)
     on conflict (id) do update set %2$s',
    (select string_agg(quote_ident(c), ', ') from unnest(v_columns) as c),
    (select string_agg(format('%1$I = excluded.%1$I', c), ', ') from unnest(v_columns) as c where c <> 'id')
  ) using v_rows;
  get diagnostics v_count = row_count;

  insert into public.listing_owner_contacts (listing_id, owner_name, email)
  select (r ->> 'id')::uuid, r ->> 'owner_name', r ->> 'owner_email'
  from jsonb_array_elements(p_rows) as r
  where coalesce(r ->> 'owner_name', '') <> '' and coalesce(r ->> 'owner_email', '') <> ''
  on conflict (listing_id) do update set owner_name = excluded.owner_name, email = excluded.email;

  return v_count;
end;
$$;
