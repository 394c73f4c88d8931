-- Per-recipient daily limits (see 20261126000050_recipient_limits.sql) for the e-mails a stranger can trigger that
-- arrived with reviews and saved searches: a review's confirm/edit link and a saved search's confirmation.
insert into public.email_recipient_limits (kind, per_day) values
  ('review-link', 5),
  ('alert_confirm', 3)
on conflict (kind) do nothing;
