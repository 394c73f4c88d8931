import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { LISTING_COLUMNS, listingSchema } from '../../domain/schemas/listing';
import { latest } from '../sql-store';
import type { OutboxItem, PublicChanges, PublicReader, Removal, Store } from '../store';
import { normalizeTimestamp } from '../timestamps';

// PostgREST caps a response (1,000 rows by default), so reads page through.
const PAGE = 1000;

function client(url: string, key: string): SupabaseClient {
  return createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false } });
}

function fail(what: string, error: { message: string } | null): never {
  throw new Error(`Supabase ${what} failed: ${error?.message ?? 'no data'}`);
}

async function readAll<T>(
  page: (from: number, to: number) => PromiseLike<{ data: T[] | null; error: { message: string } | null }>,
) {
  const out: T[] = [];
  for (let from = 0; ; from += PAGE) {
    const { data, error } = await page(from, from + PAGE - 1);
    if (error || !data) fail('read', error);
    out.push(...data);
    if (data.length < PAGE) return out;
  }
}

/** The build's reader: the anon key, so row level security shows it verified listings only (D8). */
export function supabaseReader(url: string, anonKey: string): PublicReader {
  const db = client(url, anonKey);
  return {
    async readPublic(since): Promise<PublicChanges> {
      const rows = await readAll((from, to) => {
        let q = db
          .from('glamping_listings')
          .select(LISTING_COLUMNS.join(','))
          .eq('verification_status', 'verified');
        if (since) q = q.gt('updated_at', since);
        return q.order('updated_at').order('id').range(from, to);
      });
      const listings = rows.map((r) => {
        const row = r as unknown as Record<string, string>;
        return listingSchema.parse({
          ...row,
          created_at: normalizeTimestamp(row.created_at ?? ''),
          updated_at: normalizeTimestamp(row.updated_at ?? ''),
        });
      });
      const removed: Removal[] = since
        ? (
            await readAll((from, to) =>
              db
                .from('glamping_listing_removals')
                .select('listing_id,slug,removed_at')
                .gt('removed_at', since)
                .order('removed_at')
                .range(from, to),
            )
          ).map((r) => ({ id: r.listing_id, slug: r.slug, removed_at: normalizeTimestamp(r.removed_at) }))
        : [];
      return { listings, removed, watermark: latest(since, listings, removed) };
    },
    async countPublic() {
      const { count, error } = await db
        .from('glamping_listings')
        .select('id', { count: 'exact', head: true });
      if (error || count === null) fail('count', error);
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
    if (error) fail(fn, error);
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
      const row = rows[0] ?? fail('submit_listing', null);
      return { id: row.listing_id, slug: row.listing_slug };
    },
    saveContactMessage: (message, emails) =>
      rpc<string>('save_contact_message', { p_message: message, p_emails: emails }),
    async dueEmails(limit, now = new Date()) {
      const { data, error } = await db
        .from('email_outbox')
        .select('id,kind,to_address,subject,text_body,html_body,attempts,related_id')
        .is('sent_at', null)
        .lte('next_attempt_at', now.toISOString())
        .order('created_at')
        .limit(limit);
      if (error || !data) fail('outbox read', error);
      return data as OutboxItem[];
    },
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
