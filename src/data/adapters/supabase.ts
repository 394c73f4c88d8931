import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { LISTING_COLUMNS, listingSchema } from '../../domain/schemas/listing';
import { type DuplicateCandidate, duplicateArgs, duplicateRow } from '../duplicate-store';
import { reportOutcome } from '../report-store';
import type { NewsletterStatus, OutboxItem, PublicChanges, PublicReader, Removal, Store } from '../store';
import { normalizeTimestamp } from '../timestamps';
import { dbFail, readAll } from './postgrest';

function client(url: string, key: string): SupabaseClient {
  return createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false } });
}

/** The build's reader: the anon key, so row level security shows it verified listings only (D8). */
export function supabaseReader(url: string, anonKey: string): PublicReader {
  const db = client(url, anonKey);
  return {
    async readPublic(since): Promise<PublicChanges> {
      // The horizon first (see the listing_sync_horizon migration): what the reads miss is read next time.
      const { data: horizon, error } = await db.rpc('listing_sync_horizon');
      if (error || typeof horizon !== 'string') dbFail('listing_sync_horizon', error);
      // Ordered by id: an update during the read moves no row from one page to another.
      const rows = await readAll('listing read', (from, to) => {
        let q = db
          .from('glamping_listings')
          .select(LISTING_COLUMNS.join(','), { count: 'exact' })
          .eq('verification_status', 'verified');
        if (since) q = q.gte('change_xid', since);
        return q.order('id').range(from, to);
      });
      const listings = rows.map((r) => {
        const row = r as unknown as Record<string, string>;
        return listingSchema.parse({
          ...row,
          created_at: normalizeTimestamp(row.created_at ?? ''),
          updated_at: normalizeTimestamp(row.updated_at ?? ''),
          verified_at: row.verified_at ? normalizeTimestamp(row.verified_at) : null,
        });
      });
      const removed: Removal[] = since
        ? (
            await readAll('removal read', (from, to) =>
              db
                .from('glamping_listing_removals')
                .select('listing_id,slug,removed_at', { count: 'exact' })
                .gte('change_xid', since)
                .order('listing_id')
                .range(from, to),
            )
          ).map((r) => ({ id: r.listing_id, slug: r.slug, removed_at: normalizeTimestamp(r.removed_at) }))
        : [];
      return { listings, removed, watermark: horizon };
    },
    async countPublic() {
      const { count, error } = await db
        .from('glamping_listings')
        .select('id', { count: 'exact', head: true });
      if (error || count === null) dbFail('count', error);
      return count;
    },
    async close() {},
  };
}

/** The functions' store: the service-role key, writes through the same SQL functions as every backend. */
export function supabaseStore(url: string, anonKey: string, serviceKey: string): Store {
  const db = client(url, serviceKey);
  const rpc = async <T>(fn: string, args: Record<string, unknown>): Promise<T> => {
    const { data, error } = await db.rpc(fn, args);
    if (error) dbFail(fn, error);
    return data as T;
  };
  return {
    ...supabaseReader(url, anonKey),
    async submitListing(listing, owner, emails) {
      const rows = await rpc<Array<{ listing_id: string; listing_slug: string }>>('submit_listing', {
        p_listing: listing,
        p_owner: owner,
        p_emails: emails,
      });
      const row = rows[0] ?? dbFail('submit_listing', null);
      return { id: row.listing_id, slug: row.listing_slug };
    },
    duplicateCandidates: async (probe, options) =>
      (await rpc<DuplicateCandidate[]>('listing_duplicate_candidates', duplicateArgs(probe, options))).map(
        duplicateRow,
      ),
    reportListing: async (r, bucket, limit, windowSeconds) =>
      reportOutcome(
        (
          await rpc<Array<{ report_id: string | null; wait: number }>>('report_listing', {
            p_slug: r.listing,
            p_reason: r.reason,
            p_message: r.message,
            p_email: r.email,
            p_bucket: bucket,
            p_limit: limit,
            p_window_seconds: windowSeconds,
          })
        )[0],
      ),
    saveContactMessage: (message, emails) =>
      rpc<string>('save_contact_message', { p_message: message, p_emails: emails }),
    subscribeNewsletter: (email, tokens, emails) =>
      rpc<string | null>('newsletter_subscribe', {
        p_email: email,
        p_confirm_token: tokens.confirm,
        p_unsubscribe_token: tokens.unsubscribe,
        p_emails: emails,
      }),
    confirmNewsletter: (token) => rpc<NewsletterStatus | null>('newsletter_confirm', { p_token: token }),
    unsubscribeNewsletter: (token) => rpc<boolean>('newsletter_unsubscribe', { p_token: token }),
    async dueEmails(limit, now = new Date()) {
      const { data, error } = await db
        .from('email_outbox')
        .select('id,kind,to_address,subject,text_body,html_body,headers,attempts,related_id')
        .is('sent_at', null)
        .lte('next_attempt_at', now.toISOString())
        .order('created_at')
        .limit(limit);
      if (error || !data) dbFail('outbox read', error);
      return data as OutboxItem[];
    },
    async storePhotoUpload(u) {
      await rpc('store_photo_upload', {
        p_id: u.id,
        p_width: u.width,
        p_height: u.height,
        p_widths: u.widths,
        p_placeholder: u.placeholder,
      });
    },
    expirePhotoUploads: () => rpc<Array<{ id: string; widths: number[] }>>('expire_photo_uploads', {}),
    async markEmailSent(id) {
      await rpc('outbox_mark_sent', { p_id: id });
    },
    async markEmailFailed(id, error, nextAttemptAt) {
      await rpc('outbox_mark_failed', {
        p_id: id,
        p_error: error,
        p_next_attempt_at: nextAttemptAt.toISOString(),
      });
    },
  };
}
