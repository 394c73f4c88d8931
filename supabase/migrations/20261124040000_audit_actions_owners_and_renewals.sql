-- Owners (20261124010000) and renewals (20261124020000) were written side by side, each redefining the audit log's
-- list of actions from the one before both: the later one dropped the owners' decisions. Every action both write.
alter table public.staff_audit_log drop constraint staff_audit_log_action_check;
alter table public.staff_audit_log add constraint staff_audit_log_action_check
  check (action in ('verify', 'reject', 'pending', 'feature', 'unfeature', 'edit', 'import', 'staff-add',
    'staff-remove', 'photo-remove', 'photo-cover', 'claim-approve', 'claim-refuse', 'change-approve',
    'change-refuse', 'renew'));
