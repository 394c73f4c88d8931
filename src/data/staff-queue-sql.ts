import type { DueRenewal, OpenRenewal, RenewalStore } from './renewal-store';
import type { OpenReport, ReportStaffStore } from './report-store';
import { iso, type Run } from './sql';
import type { RebuildState, StaffStore } from './staff-store';

type Rebuilds = Pick<StaffStore, 'claimRebuild' | 'claimPendingRebuild' | 'rebuildCalled' | 'rebuildState'>;

/** The staff queues over SQL: reports, renewals of verification; `run` is the staff store's (service role). */
export function sqlQueueStore(run: Run): ReportStaffStore & RenewalStore {
  return {
    openReports: () =>
      run<OpenReport>(
        `select id::text as id, listing_id::text as listing_id, slug, property_name, reason, message, email,
           ${iso('created_at')} as created_at, open_for_listing from public.reports_open()`,
      ),
    async resolveReport(id, resolution, actor, email) {
      const [row] = await run<{ email: string | null }>(
        'select public.staff_resolve_report($1, $2, $3, $4::text::jsonb) as email',
        [id, resolution, actor, email ? JSON.stringify(email) : null],
      );
      return row?.email ?? null;
    },
    renewalsDue: (now) =>
      run<DueRenewal>(
        `select listing_id::text as listing_id, slug, property_name, owner_name, owner_email
         from public.renewals_due($1::timestamptz)`,
        [now.toISOString()],
      ),
    async startRenewal(listingId, tokenHash, now, email) {
      const [row] = await run<{ started: boolean }>(
        'select public.renewal_start($1, $2, $3::timestamptz, $4::text::jsonb) as started',
        [listingId, tokenHash, now.toISOString(), email ? JSON.stringify(email) : null],
      );
      return row?.started === true;
    },
    async escalateRenewals(now) {
      const [row] = await run<{ n: number }>('select public.renewals_escalate($1::timestamptz) as n', [
        now.toISOString(),
      ]);
      return Number(row?.n ?? 0);
    },
    async confirmRenewal(tokenHash) {
      const [row] = await run<{ slug: string | null }>('select public.renewal_confirm($1) as slug', [
        tokenHash,
      ]);
      return row?.slug ?? null;
    },
    openRenewals: () =>
      run<OpenRenewal>(
        `select listing_id::text as listing_id, slug, property_name, ${iso('verified_at')} as verified_at,
           owner_email, ${iso('due_at')} as due_at, ${iso('sent_at')} as sent_at,
           ${iso('escalated_at')} as escalated_at
         from public.renewals_open()`,
      ),
    async renew(id, actor) {
      const [row] = await run<{ at: string }>(`select ${iso('public.renew_verification($1, $2)')} as at`, [
        id,
        actor,
      ]);
      return row?.at ?? '';
    },
  };
}

/** The production build's rebuild claims over SQL (at most one hook call per window, retried until answered). */
export function sqlRebuildStore(run: Run): Rebuilds {
  const claim = async (fn: string, windowSeconds: number) =>
    (await run<{ claim: string | null }>(`select public.${fn}($1)::text as claim`, [windowSeconds]))[0]
      ?.claim ?? null;
  return {
    claimRebuild: (windowSeconds) => claim('staff_claim_rebuild', windowSeconds),
    claimPendingRebuild: (windowSeconds) => claim('staff_claim_pending_rebuild', windowSeconds),
    async rebuildCalled(claimed) {
      const [row] = await run<{ ok: boolean }>('select public.staff_rebuild_called($1::text::bigint) as ok', [
        claimed,
      ]);
      return row?.ok === true;
    },
    async rebuildState() {
      const [row] = await run<RebuildState>(
        `select case when last_triggered_at is null then null else ${iso('last_triggered_at')} end
           as "lastRequestedAt", pending
         from public.staff_rebuild_state where id = 1`,
      );
      return row ?? { lastRequestedAt: null, pending: false };
    },
  };
}
