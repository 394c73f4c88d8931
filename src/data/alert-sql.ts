import { type Listing, listingSchema } from '../domain/schemas/listing';
import type {
  ActiveAlert,
  AlertCounts,
  AlertStatus,
  AlertStore,
  AlertSummary,
  NewAlert,
} from './alert-store';
import { uuidOrNil } from './owner-sql';
import type { Run, Sql, SqlTx } from './sql';
import { LISTING_SELECT } from './sql-store';
import type { OutgoingEmail } from './store';

const ISO = (c: string) => `to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const ALERT_COLUMNS = `s.id::text as id, s.email, s.query, s.label, s.frequency, s.unsubscribe_token::text as
  unsubscribe_token, a.manage_token::text as manage_token, s.origin_latitude, s.origin_longitude`;

type AlertRow = Omit<ActiveAlert, 'origin'> & {
  origin_latitude: number | null;
  origin_longitude: number | null;
};

const activeAlert = ({ origin_latitude: lat, origin_longitude: lng, ...rest }: AlertRow): ActiveAlert => ({
  ...rest,
  origin: lat === null || lng === null ? null : { latitude: Number(lat), longitude: Number(lng) },
});

function enqueue(tx: SqlTx) {
  return async (mail: OutgoingEmail, relatedId: string) => {
    await tx.query(
      `insert into public.email_outbox (kind, to_address, subject, text_body, html_body, headers, related_id)
       values ($1, $2, $3, $4, $5, $6::text::jsonb, $7::uuid)`,
      [
        mail.kind,
        mail.to_address,
        mail.subject,
        mail.text_body,
        mail.html_body,
        mail.headers ? JSON.stringify(mail.headers) : null,
        relatedId,
      ],
    );
  };
}

/** Records (alert, listing) pairs once: the ids that were new. */
function record(tx: SqlTx) {
  return async (alertId: string, listingIds: readonly string[], sent: boolean) => {
    if (listingIds.length === 0) return [];
    const rows = await tx.query<{ id: string }>(
      `insert into public.saved_search_matches (saved_search_id, listing_id, sent_at)
       select $1::uuid, x::uuid, case when $3::boolean then now() end
       from jsonb_array_elements_text($2::text::jsonb) x
       on conflict (saved_search_id, listing_id) do nothing
       returning listing_id::text as id`,
      [alertId, JSON.stringify(listingIds), sent],
    );
    return rows.map((r) => r.id);
  };
}

/** Those of the listings still queued and public; locked, so two checks never take the same. */
async function lockedListings(tx: SqlTx, ids: readonly string[]): Promise<Listing[]> {
  const rows = await tx.query(
    `select ${LISTING_SELECT} from public.glamping_listings
     where verification_status = 'verified' and id in (
       select listing_id from public.saved_search_queue
       where listing_id in (select x::uuid from jsonb_array_elements_text($1::text::jsonb) x)
       for update skip locked)
     order by id`,
    [JSON.stringify(ids)],
  );
  return rows.map((r) => listingSchema.parse(r));
}

async function activeAlerts(tx: SqlTx, where: string, params: unknown[], lock = ''): Promise<ActiveAlert[]> {
  const rows = await tx.query<AlertRow>(
    `select ${ALERT_COLUMNS} from public.saved_searches s
     join public.saved_search_addresses a on a.email_key = s.email_key
     where s.status = 'active' ${where} order by s.created_at, s.id ${lock}`,
    params,
  );
  return rows.map(activeAlert);
}

type One = <T>(text: string, params: unknown[]) => Promise<T | undefined>;

/** The form's and the links' side: create, confirm, unsubscribe, list, manage. */
function alertLinks(
  sql: Sql,
  one: One,
): Omit<AlertStore, 'queuedListings' | 'checkAlerts' | 'digestAlerts' | 'close'> {
  return {
    async createAlert(alert: NewAlert, tokens, emails) {
      const row = await one<{ id: string | null }>(
        `select public.saved_search_create($1, $2, $3, $4, $5, $6, $7::uuid, $8::uuid, $9::uuid,
           $10::text::jsonb)::text as id`,
        [
          alert.email,
          alert.query,
          alert.label,
          alert.origin?.latitude ?? null,
          alert.origin?.longitude ?? null,
          alert.frequency,
          tokens.confirm,
          tokens.unsubscribe,
          tokens.manage,
          JSON.stringify(emails),
        ],
      );
      return row?.id ?? null;
    },
    async confirmAlert(token) {
      const row = await one<{ status: AlertStatus | null }>(
        'select public.saved_search_confirm($1::uuid) as status',
        [uuidOrNil(token)],
      );
      return row?.status ?? null;
    },
    async unsubscribeAlert(token) {
      const row = await one<{ done: boolean }>('select public.saved_search_unsubscribe($1::uuid) as done', [
        uuidOrNil(token),
      ]);
      return row?.done === true;
    },
    async listAlerts(manageToken) {
      return sql.transaction(
        (tx) =>
          tx.query<AlertSummary>(
            `select id::text as id, email, query, label, frequency, status, ${ISO('created_at')} as created_at
             from public.saved_search_list($1::uuid)`,
            [uuidOrNil(manageToken)],
          ),
        'service_role',
      );
    },
    async manageAlert(manageToken, id, action) {
      const row = await one<{ done: boolean }>(
        'select public.saved_search_manage($1::uuid, $2::uuid, $3) as done',
        [uuidOrNil(manageToken), uuidOrNil(id), action],
      );
      return row?.done === true;
    },
  };
}

/** The runs after a publish and the weekly digests, each in one transaction. */
function alertRuns(sql: Sql): Pick<AlertStore, 'queuedListings' | 'checkAlerts' | 'digestAlerts'> {
  return {
    async queuedListings(limit) {
      return sql.transaction(
        (tx) =>
          tx.query<{ id: string; slug: string }>(
            `select l.id::text as id, l.slug from public.saved_search_queue q
             join public.glamping_listings l on l.id = q.listing_id and l.verification_status = 'verified'
             order by q.queued_at, l.id limit $1`,
            [limit],
          ),
        'service_role',
      );
    },
    async checkAlerts(listingIds, fn) {
      return sql.transaction(async (tx) => {
        const listings = await lockedListings(tx, listingIds);
        const alerts = listings.length > 0 ? await activeAlerts(tx, '', []) : [];
        const result = await fn({ listings, alerts, record: record(tx), enqueue: enqueue(tx) });
        // Checked listings leave the queue with what they caused; so do queued ones no longer public.
        await tx.query(
          `delete from public.saved_search_queue q where q.listing_id in (
             select x::uuid from jsonb_array_elements_text($1::text::jsonb) x)
           or not exists (select 1 from public.glamping_listings l
             where l.id = q.listing_id and l.verification_status = 'verified')`,
          [JSON.stringify(listings.map((l) => l.id))],
        );
        return result;
      }, 'service_role');
    },
    async digestAlerts(dueBefore, fn) {
      return sql.transaction(async (tx) => {
        const alerts = await activeAlerts(
          tx,
          `and s.frequency = 'weekly' and coalesce(s.digest_sent_at, s.confirmed_at) < $1::timestamptz
           and exists (select 1 from public.saved_search_matches m where m.saved_search_id = s.id and m.sent_at is null)`,
          [dueBefore.toISOString()],
          'for update of s skip locked',
        );
        const due = [];
        for (const alert of alerts) {
          const rows = await tx.query(
            `select ${LISTING_SELECT} from public.glamping_listings where verification_status = 'verified' and id in (
               select listing_id from public.saved_search_matches where saved_search_id = $1::uuid and sent_at is null)
             order by property_name, id`,
            [alert.id],
          );
          due.push({ alert, listings: rows.map((r) => listingSchema.parse(r)) });
        }
        const markSent = async (alertId: string) => {
          await tx.query(
            `update public.saved_search_matches set sent_at = now() where saved_search_id = $1::uuid and sent_at is null`,
            [alertId],
          );
          await tx.query('update public.saved_searches set digest_sent_at = now() where id = $1::uuid', [
            alertId,
          ]);
        };
        return fn({ due, markSent, enqueue: enqueue(tx) });
      }, 'service_role');
    },
  };
}

/** The saved-search store over a SQL backend, with the server's role. */
export function sqlAlertStore(sql: Sql): AlertStore {
  const one: One = async <T>(text: string, params: unknown[]) => {
    const rows = await sql.transaction((tx) => tx.query<T>(text, params), 'service_role');
    return rows[0];
  };
  return { ...alertLinks(sql, one), ...alertRuns(sql), close: () => sql.close() };
}

/** What staff may read of saved searches (the staff store's part): counts, never an address (D8). */
export function sqlAlertCounts(run: Run): { alertCounts(): Promise<AlertCounts> } {
  return {
    async alertCounts() {
      const [row] = await run<AlertCounts>('select * from public.saved_search_counts()', []);
      return row ?? { addresses: 0, pending: 0, active: 0, paused: 0, queued: 0 };
    },
  };
}
