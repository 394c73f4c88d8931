-- The blog's newsletter (issue 16): double opt-in, one-click unsubscribe, addresses private (D8).
-- A subscription is stored as 'pending' with its confirmation e-mail in the outbox; it counts as subscribed only
-- once its confirmation link is opened. Each row carries two random tokens: one for the confirmation link, one for
-- the unsubscribe link every newsletter message carries (and its List-Unsubscribe header).

create table public.newsletter_subscribers (
  id uuid primary key default gen_random_uuid(),
  email text not null check (char_length(email) between 3 and 254),
  status text not null default 'pending' check (status in ('pending', 'confirmed', 'unsubscribed')),
  confirm_token uuid not null unique,
  unsubscribe_token uuid not null unique,
  created_at timestamptz not null default now(),
  confirmed_at timestamptz,
  unsubscribed_at timestamptz
);
create unique index newsletter_subscribers_email_idx on public.newsletter_subscribers (lower(email));
comment on table public.newsletter_subscribers is
  'Newsletter addresses (issue 16). Staff only: no policy grants the public any access.';

-- Messages may carry their own headers (List-Unsubscribe, List-Unsubscribe-Post).
alter table public.email_outbox add column headers jsonb;

alter table public.newsletter_subscribers enable row level security;
revoke all on public.newsletter_subscribers from anon, authenticated;
grant all on public.newsletter_subscribers to service_role;

-- A sign-up: a new or unsubscribed address becomes pending with fresh tokens and gets the confirmation e-mail; a
-- pending one gets it again (same tokens kept: an earlier link still works); a confirmed one is left as it is and
-- gets nothing, so the answer never tells a stranger whether an address is subscribed. Returns the row id, the id
-- the e-mails are related to (null when none was queued).
create function public.newsletter_subscribe(p_email text, p_confirm_token uuid, p_unsubscribe_token uuid,
  p_emails jsonb)
returns uuid
language plpgsql set search_path = '' as $$
declare
  v_row public.newsletter_subscribers;
begin
  select * into v_row from public.newsletter_subscribers where lower(email) = lower(p_email) for update;
  if found and v_row.status = 'confirmed' then
    return null;
  end if;
  if not found then
    insert into public.newsletter_subscribers (email, confirm_token, unsubscribe_token)
    values (p_email, p_confirm_token, p_unsubscribe_token)
    returning * into v_row;
  elsif v_row.status = 'unsubscribed' then
    update public.newsletter_subscribers
    set status = 'pending', confirm_token = p_confirm_token, unsubscribe_token = p_unsubscribe_token,
      confirmed_at = null, unsubscribed_at = null
    where id = v_row.id
    returning * into v_row;
  end if;
  -- The e-mails were composed with the caller's tokens; a pending row keeps its own, so they are swapped in.
  insert into public.email_outbox (kind, to_address, subject, text_body, html_body, headers, related_id)
  select e ->> 'kind', v_row.email, e ->> 'subject',
    replace(replace(e ->> 'text_body', p_confirm_token::text, v_row.confirm_token::text),
      p_unsubscribe_token::text, v_row.unsubscribe_token::text),
    replace(replace(e ->> 'html_body', p_confirm_token::text, v_row.confirm_token::text),
      p_unsubscribe_token::text, v_row.unsubscribe_token::text),
    case when e -> 'headers' is null then null
      else replace(replace((e -> 'headers')::text, p_confirm_token::text, v_row.confirm_token::text),
        p_unsubscribe_token::text, v_row.unsubscribe_token::text)::jsonb end,
    v_row.id
  from jsonb_array_elements(coalesce(p_emails, '[]'::jsonb)) as e;
  return v_row.id;
end;
$$;

-- Opening the confirmation link: pending -> confirmed. Returns the status after the call, null for an unknown token.
create function public.newsletter_confirm(p_token uuid) returns text
language sql set search_path = '' as $$
  update public.newsletter_subscribers
  set status = case when status = 'pending' then 'confirmed' else status end,
    confirmed_at = case when status = 'pending' then now() else confirmed_at end
  where confirm_token = p_token
  returning status;
$$;

-- One click on an unsubscribe link: the address stops receiving the newsletter. True when the token was known.
create function public.newsletter_unsubscribe(p_token uuid) returns boolean
language sql set search_path = '' as $$
  with changed as (
    update public.newsletter_subscribers
    set status = 'unsubscribed', unsubscribed_at = coalesce(unsubscribed_at, now())
    where unsubscribe_token = p_token
    returning 1
  )
  select exists (select 1 from changed);
$$;

revoke execute on function public.newsletter_subscribe(text, uuid, uuid, jsonb) from public, anon, authenticated;
revoke execute on function public.newsletter_confirm(uuid) from public, anon, authenticated;
revoke execute on function public.newsletter_unsubscribe(uuid) from public, anon, authenticated;
grant execute on function public.newsletter_subscribe(text, uuid, uuid, jsonb) to service_role;
grant execute on function public.newsletter_confirm(uuid) to service_role;
grant execute on function public.newsletter_unsubscribe(uuid) to service_role;
