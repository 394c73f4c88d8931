-- Possible duplicates (issue 14): the listings (published, or with p_verified_only false also those waiting for
-- review: the staff queue) that share a submission's phone
-- digits or website host, or lie within about 7 miles of it. The domain (src/domain/duplicates.ts) decides which
-- of these are alike enough to warn about; this only keeps the comparison from reading every listing.
create function public.listing_duplicate_candidates(p_phone text, p_host text, p_latitude double precision,
                                                     p_longitude double precision, p_exclude uuid,
                                                     p_verified_only boolean)
returns table (id uuid, slug text, property_name text, city text, state text, phone text, website_url text,
               latitude double precision, longitude double precision)
language sql stable set search_path = '' as $$
  select l.id, l.slug, l.property_name, l.city, l.state, l.phone, l.website_url, l.latitude, l.longitude
  from public.glamping_listings l
  where l.verification_status in ('verified', case when p_verified_only then 'verified' else 'pending' end)
    and l.id is distinct from p_exclude
    and (
      (length(p_phone) = 10 and right(regexp_replace(l.phone, '\D', '', 'g'), 10) = p_phone)
      or (p_host is not null and lower(regexp_replace(coalesce(l.website_url, ''),
            '^[a-z][a-z0-9+.-]*://(www\.)?([^/:?#]+).*$', '\2', 'i')) = p_host)
      or (l.latitude between p_latitude - 0.1 and p_latitude + 0.1
          and l.longitude between p_longitude - 0.15 and p_longitude + 0.15)
    )
  order by l.verification_status <> 'verified', l.created_at
  limit 200;
$$;
revoke execute on function public.listing_duplicate_candidates(text, text, double precision, double precision, uuid, boolean)
  from public, anon, authenticated;
grant execute on function public.listing_duplicate_candidates(text, text, double precision, double precision, uuid, boolean)
  to service_role;
