/** Travelers' reports on every backend: stored for published listings only, rate-limited, resolved once. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Sql } from '../../src/data/sql';
import { sqlStore } from '../../src/data/sql-store';
import { sqlStaffStore } from '../../src/data/staff-sql';
import type { StaffStore } from '../../src/data/staff-store';
import type { Store } from '../../src/data/store';
import { runStaffAction, type StaffRequest } from '../../src/server/staff/actions';
import { type Backend, backends, describeEachBackend } from './backends';
import { submitPending } from './fixtures';

const list = await backends();
delete process.env.NETLIFY_BUILD_HOOK_URL;

describeEachBackend(list, 'reports on $name', (backend: Backend) => {
  let sql: Sql;
  let store: Store;
  let staff: StaffStore;
  let dispose: () => Promise<void>;
  let slug: string;
  let other: string;

  beforeAll(async () => {
    ({ sql, dispose } = await backend.create());
    store = sqlStore(sql);
    staff = sqlStaffStore(sql);
    slug = (await submitPending(store, 'Reported Yurts')).slug;
    other = (await submitPending(store, 'Once Reported Tents')).slug;
    await act({ action: 'verify', id: slug });
    await act({ action: 'verify', id: other });
  });
  afterAll(() => dispose?.());

  const act = (request: StaffRequest) => runStaffAction(staff, request, 'ada@staff');
  const report = (listing: string, bucket = 'report:client:a', over = {}) =>
    store.reportListing({ listing, reason: 'closed', message: '', email: '', ...over }, bucket, 3, 3600);

  it('stores reports of published listings only, and counts each client against its limit', async () => {
    expect(
      await report(slug, 'report:client:a', { email: 'rita@example.com', message: 'Shut in May' }),
    ).toEqual({
      id: expect.any(String),
    });
    expect(await report('no-such-listing')).toEqual({ unknownListing: true });
    const pending = (await submitPending(store, 'Unpublished Domes')).slug;
    expect(await report(pending)).toEqual({ unknownListing: true });
    await report(slug, 'report:client:a', { reason: 'wrong_phone' });
    await report(other, 'report:client:a');
    const limited = await report(slug, 'report:client:a');
    expect(limited).toEqual({ waitSeconds: expect.any(Number) });
    expect(await report(slug, 'report:client:b', { reason: 'other' })).toHaveProperty('id');
  });

  it('lists open reports with the listing, several of one listing first, and resolves each once', async () => {
    const queue = await act({ action: 'reports' });
    expect(queue.message).toBe('4 open report(s) about 2 listing(s)');
    expect(queue.reports?.map((r) => [r.slug, r.open_for_listing])).toEqual([
      [slug, 3],
      [slug, 3],
      [slug, 3],
      [other, 1],
    ]);
    const rita = queue.reports?.find((r) => r.email === 'rita@example.com');
    expect(rita).toMatchObject({ reason: 'closed', message: 'Shut in May', property_name: 'Reported Yurts' });
    const fixed = await act({ action: 'report-resolve', id: rita?.id ?? '', resolution: 'fixed' });
    expect(fixed.message).toBe(`Report about ${slug} fixed, e-mail to rita@example.com queued`);
    const mails = await sql.query<{ to_address: string; subject: string; text_body: string }>(
      "select to_address, subject, text_body from public.email_outbox where kind = 'report_resolved'",
    );
    expect(mails).toEqual([
      expect.objectContaining({
        to_address: 'rita@example.com',
        subject: 'Your report about "Reported Yurts"',
      }),
    ]);
    expect(mails[0]?.text_body).toContain('corrected the listing');
    await expect(
      act({ action: 'report-resolve', id: rita?.id ?? '', resolution: 'dismissed' }),
    ).rejects.toThrow(/No open report/);
    const silent = fixed.reports?.find((r) => r.slug === other);
    const dismissed = await act({ action: 'report-resolve', id: silent?.id ?? '', resolution: 'dismissed' });
    expect(dismissed.message).toBe(`Report about ${other} dismissed, no reply address`);
    expect(dismissed.reports?.map((r) => r.open_for_listing)).toEqual([2, 2]);
  });
});
