-- Newsletter addresses are staff only, stated as a policy like every other staff-only table (see
-- 20261123020000_lint_findings.sql): without one, a later grant or policy could open them to the public roles.
create policy "Staff only: the public roles never see or change rows" on public.newsletter_subscribers
  as restrictive for all to anon, authenticated using (false) with check (false);
