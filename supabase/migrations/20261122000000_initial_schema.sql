-- Glamping directory: initial schema.
-- One schema for PGlite, a PostgreSQL server and Supabase alike (DECISIONS D3). Roles anon, authenticated and
-- service_role come from Supabase; locally supabase/local/bootstrap.sql creates stand-ins before this runs.

-- ---------------------------------------------------------------------------------------------------------------
-- Listings
-- ---------------------------------------------------------------------------------------------------------------
create table public.glamping_listings (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 120),
  property_name text not null check (char_length(property_name) between 1 and 120),
  description text not null default '' check (char_length(description) <= 5000),
  latitude double precision not null check (latitude between -90 and 90),
  longitude double precision not null check (longitude between -180 and 180),
  street_address text not null check (char_length(street_address) <= 200),
  city text not null check (char_length(city) between 1 and 100),
  state text not null check (char_length(state) between 1 and 40),
  zip_code text not null check (char_length(zip_code) <= 10),
  phone text not null check (char_length(phone) <= 25),
  website_url text check (website_url is null or website_url ~* '^https?://'),
  public_email text check (public_email is null or public_email ~ '^[^\s@]+@[^\s@]+\.[^\s@]+$'),
  accommodation_type text not null,
  setting_type text not null,
  price_range text,
  amenities text[] not null default '{}',
  features text[] not null default '{}',
  images text[] not null default '{}',
  verification_status text not null default 'pending'
    check (verification_status in ('pending', 'verified', 'rejected')),
  featured boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.glamping_listings is
  'Glamping properties. Only verified rows are public; owners'' private contact lives in listing_owner_contacts.';
comment on column public.glamping_listings.public_email is
  'An e-mail the property publishes for guests (D17). Never the owner''s private submission address.';

-- The loader asks for verified rows changed since its watermark (D5).
create index glamping_listings_verified_updated_idx
  on public.glamping_listings (updated_at, id) where verification_status = 'verified';
create index glamping_listings_status_created_idx on public.glamping_listings (verification_status, created_at);

-- A listing that leaves the public set (rejected, unpublished, deleted) leaves its id here, so an incremental build
-- can remove its pages. Only ids of once-public listings are kept: nothing private.
create table public.glamping_listing_removals (
  listing_id uuid primary key,
  slug text not null,
  removed_at timestamptz not null default now()
);
comment on table public.glamping_listing_removals is
  'Ids of listings that were public and no longer are; read by the incremental site build.';
create index glamping_listing_removals_removed_at_idx on public.glamping_listing_removals (removed_at);

create function public.touch_listing() returns trigger
language plpgsql set search_path = '' as $$
begin
  -- clock_timestamp, not now(): rows changed in one transaction still get increasing watermarks.
  new.updated_at := clock_timestamp();
  return new;
end;
$$;

create trigger glamping_listings_touch
  before insert or update on public.glamping_listings
  for each row execute function public.touch_listing();

create function public.track_listing_removal() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'DELETE' then
    if old.verification_status = 'verified' then
      insert into public.glamping_listing_removals (listing_id, slug, removed_at)
      values (old.id, old.slug, clock_timestamp())
      on conflict (listing_id) do update set slug = excluded.slug, removed_at = excluded.removed_at;
    end if;
    return old;
  end if;
  if old.verification_status = 'verified' and new.verification_status <> 'verified' then
    insert into public.glamping_listing_removals (listing_id, slug, removed_at)
    values (old.id, old.slug, clock_timestamp())
    on conflict (listing_id) do update set slug = excluded.slug, removed_at = excluded.removed_at;
  elsif new.verification_status = 'verified' then
    delete from public.glamping_listing_removals where listing_id = new.id;
  end if;
  return new;
end;
$$;

create trigger glamping_listings_track_removal
  after update or delete on public.glamping_listings
  for each row execute function public.track_listing_removal();

-- ---------------------------------------------------------------------------------------------------------------
-- Private data: owner contact, contact messages, e-mail outbox
-- ---------------------------------------------------------------------------------------------------------------
create table public.listing_owner_contacts (
  listing_id uuid primary key references public.glamping_listings (id) on delete cascade,
  owner_name text not null check (char_length(owner_name) between 1 and 120),
  email text not null check (char_length(email) <= 254),
  created_at timestamptz not null default now()
);
comment on table public.listing_owner_contacts is
  'Who submitted a listing (D7). Staff only: no policy grants the public any access.';

create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) between 1 and 120),
  email text not null check (char_length(email) <= 254),
  subject text not null check (char_length(subject) between 1 and 200),
  category text,
  message text not null check (char_length(message) between 1 and 5000),
  created_at timestamptz not null default now()
);
comment on table public.contact_messages is 'Messages sent through the contact form (D19). Staff only.';

create table public.email_outbox (
  id uuid primary key default gen_random_uuid(),
  kind text not null,
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  related_id uuid,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  sent_at timestamptz,
  created_at timestamptz not null default now()
);
comment on table public.email_outbox is
  'E-mails written in the same transaction as what caused them, delivered after commit and retried (D24).';
create index email_outbox_due_idx on public.email_outbox (next_attempt_at) where sent_at is null;

-- ---------------------------------------------------------------------------------------------------------------
-- Row level security (D8): the public reads verified listings and removal ids; every write uses the server's role.
-- ---------------------------------------------------------------------------------------------------------------
alter table public.glamping_listings enable row level security;
alter table public.glamping_listing_removals enable row level security;
alter table public.listing_owner_contacts enable row level security;
alter table public.contact_messages enable row level security;
alter table public.email_outbox enable row level security;

create policy "Anyone can read verified listings"
  on public.glamping_listings for select to anon, authenticated
  using (verification_status = 'verified');

create policy "Anyone can read which listings left the public set"
  on public.glamping_listing_removals for select to anon, authenticated
  using (true);

-- Least privilege on top of the policies: the public roles may only read the two public tables.
revoke all on public.glamping_listings, public.glamping_listing_removals, public.listing_owner_contacts,
  public.contact_messages, public.email_outbox from anon, authenticated;
grant select on public.glamping_listings, public.glamping_listing_removals to anon, authenticated;
grant all on public.glamping_listings, public.glamping_listing_removals, public.listing_owner_contacts,
  public.contact_messages, public.email_outbox to service_role;
revoke execute on function public.track_listing_removal() from public, anon, authenticated;
