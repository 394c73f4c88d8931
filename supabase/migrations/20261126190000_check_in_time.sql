-- Scratch: a hypothetical optional listing field, to count the files a new field touches.
alter table public.glamping_listings
  add column check_in_time text check (check_in_time is null or char_length(check_in_time) <= 40);
