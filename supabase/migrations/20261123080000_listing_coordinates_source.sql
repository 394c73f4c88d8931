-- Where a listing's coordinates came from (issue 17, D28): no more fixed New York pair for a listing without them.
--
-- 'given'  the owner's (or a staff import's) own latitude and longitude
-- 'zip'    none given: the centre of the listing's ZIP code, from the offline gazetteer
-- 'town'   none given and the ZIP code unknown (or of another state): the centre of its town
-- 'state'  neither known: the centre of its state, for staff to check
-- Null for listings stored before this column: their coordinates were given, or are the spec's old default pair.
alter table public.glamping_listings
  add column coordinates_source text check (coordinates_source in ('given', 'zip', 'town', 'state'));

comment on column public.glamping_listings.coordinates_source is
  'Where latitude/longitude came from: given, or the gazetteer''s zip, town or state centre (D28); null before 2026-11-23.';
