-- Travelers' reviews (docs/reviews.md). A review waits for its writer (an e-mailed one-time link confirms the address,
-- the sign-in links' mechanism: hashed, single use, short-lived), then for staff, who publish it or reject it with a
-- reason from a fixed list that never mentions the rating. The public reads published reviews of verified listings,
-- never the writer's address nor who moderated. Every write is one SQL function (one transaction, one place for the
-- rules), as for sign-in and owners.

create table public.listing_reviews (
  id uuid primary key default gen_random_uuid(),
  listing_id uuid not null references public.glamping_listings (id) on delete cascade,
  rating smallint not null check (rating between 1 and 5),
  title text not null default '' check (char_length(title) <= 120),
  body text not null check (char_length(body) between 50 and 5000),
  -- The month of the stay, stored as its first day.
  stay_month date not null check (extract(day from stay_month) = 1),
  travelled_with text check (travelled_with in ('couple', 'family', 'friends', 'solo', 'pets')),
  display_name text not null check (char_length(display_name) between 1 and 60),
  -- Private: never granted to the public roles (column grants below).
  email text not null check (email = lower(email) and char_length(email) between 3 and 254),
  client_hash text not null check (client_hash ~ '^[0-9a-f]{64}$'),
  status text not null default 'unconfirmed'
    check (status in ('unconfirmed', 'pending', 'published', 'rejected', 'withdrawn')),
  reject_reason text check (reject_reason in ('not_first_hand', 'conflict_of_interest', 'personal_information',
    'hateful', 'spam', 'off_topic', 'duplicate')),
  created_at timestamptz not null default now(),
  confirmed_at timestamptz,
  updated_at timestamptz not null default now(),
  published_at timestamptz,
  decided_at timestamptz,
  decided_by text,
  check ((status = 'rejected') = (reject_reason is not null)),
  check ((status = 'published') = (published_at is not null))
);
comment on table public.listing_reviews is
  'Travelers'' reviews of listings. The public reads published ones, without email, client_hash or moderation.';
create index listing_reviews_listing_idx on public.listing_reviews (listing_id, status, published_at desc);
create index listing_reviews_email_idx on public.listing_reviews (email, listing_id, created_at);
create index listing_reviews_queue_idx on public.listing_reviews (confirmed_at) where status = 'pending';

-- One-time links of a review: confirm the address (purpose 'confirm') or edit / withdraw it ('manage').
create table public.review_links (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  review_id uuid not null references public.listing_reviews (id) on delete cascade,
  purpose text not null check (purpose in ('confirm', 'manage')),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
comment on table public.review_links is 'One-time links of reviews, by the hash of their token. Staff only.';
create index review_links_review_idx on public.review_links (review_id);

-- An owner's public reply to a published review: one per review. `body` is what the public reads (once staff
-- published it); `proposed_body` waits in the queue (a first reply or an edit), so an edit never hides the reply.
create table public.review_replies (
  review_id uuid primary key references public.listing_reviews (id) on delete cascade,
  owner_email text not null check (owner_email = lower(owner_email) and char_length(owner_email) between 3 and 254),
  body text check (char_length(body) between 2 and 2000),
  published_at timestamptz,
  proposed_body text check (char_length(proposed_body) between 2 and 2000),
  proposed_at timestamptz,
  reject_reason text check (reject_reason in ('not_first_hand', 'conflict_of_interest', 'personal_information',
    'hateful', 'spam', 'off_topic', 'duplicate')),
  decided_at timestamptz,
  decided_by text,
  check ((body is null) = (published_at is null)),
  check ((proposed_body is null) = (proposed_at is null))
);
comment on table public.review_replies is 'Owners'' replies to reviews; the public reads published bodies only.';
create index review_replies_queue_idx on public.review_replies (proposed_at) where proposed_body is not null;

-- Anyone's report of a published review; the review stays up until staff decide.
create table public.review_reports (
  id uuid primary key default gen_random_uuid(),
  review_id uuid not null references public.listing_reviews (id) on delete cascade,
  reason text not null check (reason in ('not_first_hand', 'conflict_of_interest', 'personal_information',
    'hateful', 'spam', 'off_topic', 'duplicate')),
  message text not null default '' check (char_length(message) <= 2000),
  created_at timestamptz not null default now(),
  resolution text check (resolution in ('kept', 'removed')),
  resolved_by text,
  resolved_at timestamptz,
  check ((resolution is null) = (resolved_at is null))
);
comment on table public.review_reports is 'Reports of published reviews, for staff to decide. Staff only.';
create index review_reports_open_idx on public.review_reports (created_at) where resolved_at is null;
create index review_reports_review_idx on public.review_reports (review_id);

-- Decisions counted by month, outcome and reason: the figures /reviews-policy states, public by design (counts only,
-- never a review), kept by the decision functions so the build reads them with the public's privileges (D8).
create table public.review_decision_counts (
  month date not null check (extract(day from month) = 1),
  outcome text not null check (outcome in ('published', 'rejected')),
  reason text not null default '' check (reason = '' or reason in ('not_first_hand', 'conflict_of_interest',
    'personal_information', 'hateful', 'spam', 'off_topic', 'duplicate')),
  n integer not null default 0 check (n >= 0),
  primary key (month, outcome, reason)
);
comment on table public.review_decision_counts is 'Reviews published and rejected per month and reason. Public.';

alter table public.review_decision_counts enable row level security;
revoke all on public.review_decision_counts from anon, authenticated;
grant all on public.review_decision_counts to service_role;
grant select on public.review_decision_counts to anon, authenticated;
create policy "Anyone can read the moderation figures" on public.review_decision_counts
  for select to anon, authenticated using (true);
create policy "Staff only: the public roles never add figures" on public.review_decision_counts as restrictive
  for insert to anon, authenticated with check (false);
create policy "Staff only: the public roles never update figures" on public.review_decision_counts as restrictive
  for update to anon, authenticated using (false);
create policy "Staff only: the public roles never delete figures" on public.review_decision_counts as restrictive
  for delete to anon, authenticated using (false);

-- Counts one decision this month.
create function public.review_count_decision(p_outcome text, p_reason text) returns void
language sql set search_path = '' as $$
  insert into public.review_decision_counts (month, outcome, reason, n)
  values (date_trunc('month', now())::date, p_outcome, coalesce(p_reason, ''), 1)
  on conflict (month, outcome, reason) do update set n = public.review_decision_counts.n + 1;
$$;

alter table public.listing_reviews enable row level security;
alter table public.review_links enable row level security;
alter table public.review_replies enable row level security;
alter table public.review_reports enable row level security;
revoke all on public.listing_reviews, public.review_links, public.review_replies, public.review_reports
  from anon, authenticated;
grant all on public.listing_reviews, public.review_links, public.review_replies, public.review_reports
  to service_role;
-- The public roles read the columns a page shows; the address, the client and the moderation stay private.
grant select (id, listing_id, rating, title, body, stay_month, travelled_with, display_name, published_at)
  on public.listing_reviews to anon, authenticated;
grant select (review_id, body, published_at) on public.review_replies to anon, authenticated;

create policy "Anyone can read published reviews of verified listings" on public.listing_reviews
  for select to anon, authenticated
  using (status = 'published' and exists (
    select 1 from public.glamping_listings l where l.id = listing_id and l.verification_status = 'verified'));
create policy "Anyone can read published replies to published reviews" on public.review_replies
  for select to anon, authenticated
  -- The reviews' own policy already limits what this sub-select sees to published reviews of verified listings.
  using (body is not null and exists (select 1 from public.listing_reviews r where r.id = review_id));
create policy "Staff only: the public roles never change reviews" on public.listing_reviews as restrictive
  for insert to anon, authenticated with check (false);
create policy "Staff only: the public roles never update reviews" on public.listing_reviews as restrictive
  for update to anon, authenticated using (false);
create policy "Staff only: the public roles never delete reviews" on public.listing_reviews as restrictive
  for delete to anon, authenticated using (false);
create policy "Staff only: the public roles never add replies" on public.review_replies as restrictive
  for insert to anon, authenticated with check (false);
create policy "Staff only: the public roles never update replies" on public.review_replies as restrictive
  for update to anon, authenticated using (false);
create policy "Staff only: the public roles never delete replies" on public.review_replies as restrictive
  for delete to anon, authenticated using (false);

do $$
declare
  t text;
begin
  foreach t in array array['review_links', 'review_reports']
  loop
    execute format(
      'create policy "Staff only: the public roles never see or change rows" on public.%I as restrictive '
      'for all to anon, authenticated using (false) with check (false)', t);
  end loop;
end
$$;

alter table public.staff_audit_log drop constraint staff_audit_log_action_check;
alter table public.staff_audit_log add constraint staff_audit_log_action_check
  check (action in ('verify', 'reject', 'pending', 'feature', 'unfeature', 'edit', 'import', 'staff-add',
    'staff-remove', 'photo-remove', 'photo-cover', 'claim-approve', 'claim-refuse', 'change-approve',
    'change-refuse', 'renew', 'review-publish', 'review-reject', 'reply-publish', 'reply-reject',
    'review-report-keep', 'review-report-remove'));

-- Why an address may not review a listing: 'owner' (it owns or claimed it: D7, D30), 'staff', 'duplicate' (a review
-- of it from this address in the last 12 months, rejected ones aside), or null when it may.
create function public.review_refusal(p_email text, p_listing uuid) returns text
language sql stable set search_path = '' as $$
  select case
    when exists (select 1 from public.owner_listing_ids(p_email) x where x = p_listing)
      or exists (select 1 from public.owner_claims c where c.email = lower(trim(p_email)) and c.listing_id = p_listing
                   and c.status <> 'refused')
      then 'owner'
    when exists (select 1 from public.staff_members m where m.email = lower(trim(p_email))) then 'staff'
    when exists (select 1 from public.listing_reviews r where r.email = lower(trim(p_email))
                   and r.listing_id = p_listing and r.status <> 'rejected'
                   and r.created_at > now() - interval '12 months') then 'duplicate'
  end;
$$;

-- Stores an unconfirmed review of a verified listing with its confirm link and the writer's e-mail, in one
-- transaction. The outcome: the review's id, or why not ('unknown' listing, 'owner', 'staff', 'duplicate'). A refused
-- address gets p_refusals' e-mail for its reason instead, so the answer on the page never tells who owns a listing
-- or is staff (as sign-in never does); mail_id names the queued e-mail either way.
create function public.review_write(p_slug text, p_review jsonb, p_token_hash text, p_ttl_seconds integer,
                                    p_mail jsonb, p_refusals jsonb)
returns table (review_id uuid, refusal text, mail_id uuid)
language plpgsql set search_path = '' as $$
declare
  v_listing uuid;
  v_email text := lower(trim(p_review ->> 'email'));
  v_refusal text;
  v_id uuid;
  v_mail uuid := gen_random_uuid();
begin
  delete from public.review_links where expires_at < now() - interval '1 day';
  select l.id into v_listing from public.glamping_listings l
  where l.slug = p_slug and l.verification_status = 'verified';
  if v_listing is null then
    return query select null::uuid, 'unknown'::text, null::uuid;
    return;
  end if;
  -- One writer's two concurrent posts must not both pass the one-per-12-months check.
  perform pg_advisory_xact_lock(hashtextextended('review:' || v_email || ':' || v_listing::text, 0));
  v_refusal := public.review_refusal(v_email, v_listing);
  if v_refusal is not null then
    perform public.staff_queue_email(v_mail, (p_refusals -> v_refusal) || jsonb_build_object('to_address', v_email));
    return query select null::uuid, v_refusal, v_mail;
    return;
  end if;
  insert into public.listing_reviews (listing_id, rating, title, body, stay_month, travelled_with, display_name,
    email, client_hash)
  values (v_listing, (p_review ->> 'rating')::smallint, coalesce(p_review ->> 'title', ''), p_review ->> 'body',
    (p_review ->> 'stay_month')::date, nullif(p_review ->> 'travelled_with', ''), p_review ->> 'display_name',
    v_email, p_review ->> 'client_hash')
  returning id into v_id;
  insert into public.review_links (token_hash, review_id, purpose, expires_at)
  values (p_token_hash, v_id, 'confirm', now() + make_interval(secs => p_ttl_seconds));
  perform public.staff_queue_email(v_id, p_mail);
  return query select v_id, null::text, v_id;
end;
$$;

-- A new link for the writer's live review of a listing (confirm while unconfirmed, else manage), queued with its
-- e-mail; the review's id, or null when the address has none there (the caller answers the same either way).
create function public.review_new_link(p_email text, p_slug text, p_token_hash text, p_ttl_seconds integer,
                                       p_mail jsonb)
returns table (review_id uuid, purpose text)
language plpgsql set search_path = '' as $$
declare
  v_id uuid;
  v_status text;
  v_purpose text;
begin
  select r.id, r.status into v_id, v_status
  from public.listing_reviews r join public.glamping_listings l on l.id = r.listing_id
  where r.email = lower(trim(p_email)) and l.slug = p_slug and r.status in ('unconfirmed', 'pending', 'published')
  order by r.created_at desc limit 1;
  if v_id is null then
    return;
  end if;
  v_purpose := case when v_status = 'unconfirmed' then 'confirm' else 'manage' end;
  insert into public.review_links (token_hash, review_id, purpose, expires_at)
  values (p_token_hash, v_id, v_purpose, now() + make_interval(secs => p_ttl_seconds));
  perform public.staff_queue_email(v_id, p_mail || jsonb_build_object('to_address', lower(trim(p_email))));
  return query select v_id, v_purpose;
end;
$$;

-- The review a live link opens, without using it (the edit form is filled from it).
create function public.review_by_link(p_token_hash text)
returns table (id uuid, slug text, property_name text, purpose text, status text, rating smallint, title text,
               body text, stay_month date, travelled_with text, display_name text)
language sql stable set search_path = '' as $$
  select r.id, l.slug, l.property_name, k.purpose, r.status, r.rating, r.title, r.body, r.stay_month,
         r.travelled_with, r.display_name
  from public.review_links k
  join public.listing_reviews r on r.id = k.review_id
  join public.glamping_listings l on l.id = r.listing_id
  where k.token_hash = p_token_hash and k.used_at is null and k.expires_at > now()
    and r.status in ('unconfirmed', 'pending', 'published');
$$;

-- Uses a link once, for what it was made for: 'confirm' (unconfirmed -> pending), 'edit' (new text, back to the
-- queue: staff read every version the public will) or 'withdraw'. Returns the review's listing id and whether it
-- was published (the site then rebuilds), or nothing for a dead link or one made for something else.
create function public.review_use_link(p_token_hash text, p_use text, p_review jsonb)
returns table (listing_id uuid, was_published boolean)
language plpgsql set search_path = '' as $$
declare
  v_review uuid;
  v_purpose text;
  v_status text;
begin
  update public.review_links k set used_at = now()
  where k.token_hash = p_token_hash and k.used_at is null and k.expires_at > now()
    and (k.purpose = 'confirm') = (p_use = 'confirm')
  returning k.review_id, k.purpose into v_review, v_purpose;
  if v_review is null then
    return;
  end if;
  select r.status into v_status from public.listing_reviews r where r.id = v_review for update;
  if v_status not in ('unconfirmed', 'pending', 'published') then
    return;
  end if;
  if p_use = 'confirm' then
    update public.listing_reviews set status = 'pending', confirmed_at = now(), updated_at = now()
    where id = v_review and status = 'unconfirmed';
  elsif p_use = 'withdraw' then
    update public.listing_reviews set status = 'withdrawn', published_at = null, updated_at = now()
    where id = v_review;
  elsif p_use = 'edit' then
    update public.listing_reviews set rating = (p_review ->> 'rating')::smallint,
      title = coalesce(p_review ->> 'title', ''), body = p_review ->> 'body',
      stay_month = (p_review ->> 'stay_month')::date, travelled_with = nullif(p_review ->> 'travelled_with', ''),
      display_name = p_review ->> 'display_name', status = 'pending', published_at = null, updated_at = now()
    where id = v_review;
  else
    return;
  end if;
  return query select r.listing_id, v_status = 'published' from public.listing_reviews r where r.id = v_review;
end;
$$;

-- A report of a published review, counted against the client's bucket first: its id and 0, the seconds to wait,
-- or -1 for a review that is not published.
create function public.review_report(p_review uuid, p_reason text, p_message text, p_bucket text, p_limit integer,
                                     p_window_seconds integer)
returns table (report_id uuid, wait integer)
language plpgsql set search_path = '' as $$
declare
  v_wait integer;
begin
  if not exists (select 1 from public.listing_reviews where id = p_review and status = 'published') then
    return query select null::uuid, -1;
    return;
  end if;
  v_wait := public.rate_limit_take(p_bucket, p_limit, p_window_seconds);
  if v_wait > 0 then
    return query select null::uuid, v_wait;
    return;
  end if;
  return query insert into public.review_reports (review_id, reason, message)
    values (p_review, p_reason, coalesce(p_message, '')) returning id, 0;
end;
$$;

-- An owner's reply (new or edited) waits for staff; only an owner of the review's listing may post it.
create function public.review_propose_reply(p_email text, p_review uuid, p_body text) returns boolean
language plpgsql set search_path = '' as $$
declare
  v_email text := lower(trim(p_email));
  v_listing uuid;
begin
  select listing_id into v_listing from public.listing_reviews where id = p_review and status = 'published';
  if v_listing is null then
    return false;
  end if;
  if not public.owner_may(v_email, v_listing) then
    raise exception 'This review is not of one of your listings' using errcode = 'insufficient_privilege';
  end if;
  insert into public.review_replies (review_id, owner_email, proposed_body, proposed_at)
  values (p_review, v_email, p_body, now())
  on conflict (review_id) do update set owner_email = excluded.owner_email,
    proposed_body = excluded.proposed_body, proposed_at = excluded.proposed_at;
  return true;
end;
$$;

-- Staff decide a pending review once: publish, or reject with a reason from the fixed list; audited, the writer's
-- e-mail queued in the same write. The listing id, or null when the review is not pending (decided already).
create function public.staff_decide_review(p_id uuid, p_publish boolean, p_reason text, p_actor text, p_mail jsonb)
returns uuid
language plpgsql set search_path = '' as $$
declare
  v_listing uuid;
  v_email text;
begin
  update public.listing_reviews
  set status = case when p_publish then 'published' else 'rejected' end,
    reject_reason = case when p_publish then null else p_reason end,
    published_at = case when p_publish then now() end, decided_at = now(), decided_by = p_actor
  where id = p_id and status = 'pending'
  returning listing_id, email into v_listing, v_email;
  if v_listing is null then
    return null;
  end if;
  insert into public.staff_audit_log (actor, action, listing_id, reason, field, new_value)
  values (p_actor, case when p_publish then 'review-publish' else 'review-reject' end, v_listing, p_reason,
    'review', p_id::text);
  perform public.review_count_decision(case when p_publish then 'published' else 'rejected' end, p_reason);
  perform public.staff_queue_email(p_id, p_mail || jsonb_build_object('to_address', v_email));
  return v_listing;
end;
$$;

-- Staff decide an owner's proposed reply: publish it (it replaces the published one) or reject it; audited, the
-- owner's e-mail queued. The listing id, or null when nothing waits.
create function public.staff_decide_reply(p_review uuid, p_publish boolean, p_reason text, p_actor text,
                                          p_mail jsonb)
returns uuid
language plpgsql set search_path = '' as $$
declare
  v_email text;
  v_listing uuid;
begin
  update public.review_replies
  set body = case when p_publish then proposed_body else body end,
    published_at = case when p_publish then now() else published_at end,
    reject_reason = case when p_publish then null else p_reason end,
    proposed_body = null, proposed_at = null, decided_at = now(), decided_by = p_actor
  where review_id = p_review and proposed_body is not null
  returning owner_email into v_email;
  if v_email is null then
    return null;
  end if;
  select listing_id into v_listing from public.listing_reviews where id = p_review;
  insert into public.staff_audit_log (actor, action, listing_id, reason, field, new_value)
  values (p_actor, case when p_publish then 'reply-publish' else 'reply-reject' end, v_listing, p_reason, 'reply',
    p_review::text);
  perform public.staff_queue_email(p_review, p_mail || jsonb_build_object('to_address', v_email));
  return v_listing;
end;
$$;

-- Staff resolve a report: keep the review, or remove it (rejected with the report's reason, the writer e-mailed).
-- Every open report of that review is resolved with it. The listing id when the review left the site, else null.
create function public.staff_resolve_review_report(p_id uuid, p_remove boolean, p_actor text, p_mail jsonb)
returns table (resolved boolean, removed_from uuid)
language plpgsql set search_path = '' as $$
declare
  v_review uuid;
  v_reason text;
  v_listing uuid;
  v_email text;
begin
  select review_id, reason into v_review, v_reason from public.review_reports where id = p_id and resolved_at is null;
  if v_review is null then
    return query select false, null::uuid;
    return;
  end if;
  update public.review_reports set resolution = case when p_remove then 'removed' else 'kept' end,
    resolved_by = p_actor, resolved_at = now()
  where review_id = v_review and resolved_at is null;
  if p_remove then
    update public.listing_reviews set status = 'rejected', reject_reason = v_reason, published_at = null,
      decided_at = now(), decided_by = p_actor
    where id = v_review and status = 'published'
    returning listing_id, email into v_listing, v_email;
    if v_email is not null then
      perform public.staff_queue_email(v_review, p_mail || jsonb_build_object('to_address', v_email));
      perform public.review_count_decision('rejected', v_reason);
    end if;
  end if;
  insert into public.staff_audit_log (actor, action, listing_id, reason, field, new_value)
  select p_actor, case when p_remove then 'review-report-remove' else 'review-report-keep' end, r.listing_id,
    v_reason, 'review', v_review::text
  from public.listing_reviews r where r.id = v_review;
  return query select true, v_listing;
end;
$$;

-- Review and sign-in links alike leave no live token in a sent e-mail.
create or replace function public.outbox_mark_sent(p_id uuid) returns void
language sql set search_path = '' as $$
  update public.email_outbox
  set sent_at = now(), attempts = attempts + 1, last_error = null,
    text_body = case when kind in ('sign-in', 'review-link') then '(link removed once sent)' else text_body end,
    html_body = case when kind in ('sign-in', 'review-link') then '<p>(link removed once sent)</p>'
      else html_body end
  where id = p_id and sent_at is null;
$$;

do $$
declare
  f text;
begin
  foreach f in array array['review_refusal(text, uuid)', 'review_write(text, jsonb, text, integer, jsonb, jsonb)',
    'review_new_link(text, text, text, integer, jsonb)', 'review_by_link(text)',
    'review_use_link(text, text, jsonb)', 'review_report(uuid, text, text, text, integer, integer)',
    'review_propose_reply(text, uuid, text)', 'staff_decide_review(uuid, boolean, text, text, jsonb)',
    'staff_decide_reply(uuid, boolean, text, text, jsonb)',
    'staff_resolve_review_report(uuid, boolean, text, jsonb)', 'review_count_decision(text, text)']
  loop
    execute format('revoke execute on function public.%s from public, anon, authenticated', f);
    execute format('grant execute on function public.%s to service_role', f);
  end loop;
end
$$;

