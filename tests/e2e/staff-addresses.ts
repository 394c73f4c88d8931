/**
 * Staff's sign-in addresses on the e2e server (global-setup.ts sets STAFF_EMAILS to all of them): one per test file
 * that signs staff in, because sign-in links are limited per recipient and day
 * (supabase/migrations/20261126000050_recipient_limits.sql) and the files together sign staff in more often than that.
 */
const DESKS = ['console', 'freshness', 'insights', 'owner', 'reviews'] as const;

export const staffAddress = (desk: (typeof DESKS)[number]) => `${desk}-staff@example.org`;

export const STAFF_ADDRESSES = DESKS.map(staffAddress);
