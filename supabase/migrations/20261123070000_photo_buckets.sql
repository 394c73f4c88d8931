-- Storage for owners' photos (issue 12), on Supabase only (the embedded database and a plain PostgreSQL server have
-- no storage schema; locally photos live in a folder, src/data/photos/local.ts).
-- - listing-photos-private: every uploaded photo; not public, no policy for anon or authenticated, so only the
--   service-role key (the functions) reads or writes it.
-- - listing-photos: the photos of verified listings, copied in on verification and removed on rejection or
--   unpublishing; public read by URL (no listing of the bucket), writes by the service role only.
do $$
begin
  if exists (select 1 from pg_namespace where nspname = 'storage')
     and exists (select 1 from pg_class where relname = 'buckets'
                 and relnamespace = (select oid from pg_namespace where nspname = 'storage')) then
    execute $sql$
      insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
      values
        ('listing-photos-private', 'listing-photos-private', false, 2097152,
         array['image/avif', 'image/webp', 'image/jpeg']),
        ('listing-photos', 'listing-photos', true, 2097152, array['image/avif', 'image/webp', 'image/jpeg'])
      on conflict (id) do nothing
    $sql$;
  end if;
end
$$;
