import type { PossibleDuplicate } from '../../domain/duplicates';

/** The shapes the staff function answers with (src/server/staff/actions.ts), as the console reads them. */
export interface ConsoleListing {
  id: string;
  slug: string;
  property_name: string;
  verification_status: 'pending' | 'verified' | 'rejected';
  featured: boolean;
  city: string;
  state: string;
  created_at: string;
  owner_name: string | null;
  owner_email: string | null;
  age_hours?: number;
  /** Listings this pending one may duplicate (issue 14). */
  duplicates?: PossibleDuplicate[];
  [field: string]: unknown;
}

export interface ConsoleAudit {
  at: string;
  actor: string;
  action: string;
  old_status: string | null;
  new_status: string | null;
  reason: string | null;
  field: string | null;
  old_value: string | null;
  new_value: string | null;
}

export interface ConsoleMember {
  email: string;
  added_by: string;
  added_at: string;
}

/** The review promise: a pending listing older than this is overdue. */
export const PROMISE_HOURS = 24;

/** An unanswered renewal reminder (issue 14; OpenRenewal in src/data/renewal-store.ts). */
export interface ConsoleRenewal {
  listing_id: string;
  slug: string;
  property_name: string;
  verified_at: string;
  owner_email: string | null;
  due_at: string;
  sent_at: string | null;
  escalated_at: string | null;
}

/** An open traveler report (issue 14; OpenReport in src/data/report-store.ts). */
export interface ConsoleReport {
  id: string;
  listing_id: string;
  slug: string;
  property_name: string;
  reason: string;
  message: string;
  email: string | null;
  created_at: string;
  open_for_listing: number;
}
