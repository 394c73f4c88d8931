/**
 * Freshness: verified_at follows every (re-)verification on every backend, and the renewal job asks an
 * owner once per due period, renews on their confirmation, and hands unanswered reminders to staff after 60 days.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Sql } from '../../src/data/sql';
import { sqlStore } from '../../src/data/sql-store';
import { sqlStaffStore } from '../../src/data/staff-sql';
import type { StaffStore } from '../../src/data/staff-store';
import type { Store } from '../../src/data/store';
import { CSV_COLUMNS } from '../../src/domain/schemas/import';
import { runRenewals } from '../../src/server/renewals';
import { runStaffAction, type StaffRequest } from '../../src/server/staff/actions';
import { type Backend, backends, describeEachBackend } from './backends';
import { submitPending } from './fixtures';

const list = await backends();
delete process.env.NETLIFY_BUILD_HOOK_URL;

const DAY = 86_400_000;

describeEachBackend(list, 'freshness on $name', (backend: Backend) => {
  let sql: Sql;
  let store: Store;
  let staff: StaffStore;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ sql, dispose } = await backend.create());
    store = sqlStore(sql);
    staff = sqlStaffStore(sql);
  });
  afterAll(() => dispose?.());

  const act = (request: StaffRequest) => runStaffAction(staff, request, 'ada@staff');
  const verifiedAt = async (id: string) => (await staff.find(id))?.verified_at ?? null;
  const renewalMails = (id: string) =>
    sql.query<{ to_address: string; subject: string; text_body: string }>(
      `select to_address, subject, text_body from public.email_outbox
       where related_id = $1 and kind = 'renewal_request' order by created_at`,
      [id],
    );
  /** Makes a listing's last verification `days` old as of `now` (the test's clock). */
  const age = (id: string, now: Date, days: number) =>
    sql.query(`update public.glamping_listings set verified_at = $2::timestamptz where id = $1`, [
      id,
      new Date(now.getTime() - days * DAY).toISOString(),
    ]);

  it('sets verified_at when staff verify, clears it when unverified, and sets it again on re-verification', async () => {
    const { id, slug } = await submitPending(store, 'Fresh Yurts');
    expect(await verifiedAt(id)).toBeNull();
    const before = Date.now() - 1000;
    await act({ action: 'verify', id: slug });
    const first = await verifiedAt(id);
    expect(Date.parse(first ?? '')).toBeGreaterThanOrEqual(before);
    await act({ action: 'edit', id: slug, field: 'phone', value: '(541) 555-0199' });
    expect(await verifiedAt(id)).toBe(first);
    await act({ action: 'unverify', id: slug });
    expect(await verifiedAt(id)).toBeNull();
    await act({ action: 'verify', id: slug });
    expect(Date.parse((await verifiedAt(id)) ?? '')).toBeGreaterThanOrEqual(Date.parse(first ?? ''));

    await age(id, new Date(), 400);
    const old = await verifiedAt(id);
    const renewed = await act({ action: 'renew', id: slug });
    expect(renewed.message).toContain(`${slug}: re-verified`);
    expect(Date.parse((await verifiedAt(id)) ?? '')).toBeGreaterThan(Date.parse(old ?? ''));
    expect((await staff.audit(id)).map((a) => a.action)).toContain('renew');
    await expect(
      act({ action: 'renew', id: (await submitPending(store, 'Still Pending')).slug }),
    ).rejects.toThrow(/pending: verify it instead/);
  });

  it('the staff queue notes which listings a pending one may duplicate (same phone, here)', async () => {
    const { id } = await submitPending(store, 'Queue Twin Tents');
    const listed = (await act({ action: 'list' })).listings?.find((l) => l.id === id);
    // Every listing submitPending makes has the same phone; Fresh Yurts had its phone changed by staff above.
    const names = listed?.duplicates?.map((d) => d.property_name);
    expect(names).toContain('Still Pending');
    expect(names).not.toContain('Fresh Yurts');
    expect(listed?.duplicates?.every((d) => d.reasons.includes('phone'))).toBe(true);
    expect(listed?.duplicates?.map((d) => d.slug)).not.toContain(listed?.slug);
  });

  it('an import verifies a row without a date now and keeps the date the export wrote', async () => {
    const row = (name: string, verified_at: string) => {
      const cells: Record<string, string> = {
        property_name: name,
        latitude: '44.1',
        longitude: '-70.2',
        street_address: '1 Lake Rd',
        city: 'Bethel',
        state: 'Maine',
        zip_code: '04217',
        phone: '(207) 555-0100',
        accommodation_type: 'Safari Tents',
        setting_type: 'Lake',
        verification_status: 'verified',
        verified_at,
      };
      return CSV_COLUMNS.map((c) => `"${cells[c] ?? ''}"`).join(',');
    };
    const csv = [
      CSV_COLUMNS.join(','),
      row('Dated Camp', '2025-02-03T04:05:06Z'),
      row('Undated Camp', ''),
    ].join('\n');
    const before = Date.now() - 1000;
    await act({ action: 'import', csv });
    const all = await staff.all();
    expect(all.find((l) => l.property_name === 'Dated Camp')?.verified_at).toBe(
      '2025-02-03T04:05:06.000000Z',
    );
    const undated = all.find((l) => l.property_name === 'Undated Camp');
    expect(Date.parse(undated?.verified_at ?? '')).toBeGreaterThanOrEqual(before);
  });

  it('asks the owner once per due period, renews on confirmation, and gives unanswered ones to staff', async () => {
    const now = new Date('2030-06-15T12:00:00Z');
    const { id, slug } = await submitPending(store, 'Due Domes');
    await act({ action: 'verify', id: slug });
    await age(id, now, 364);
    await runRenewals(staff, { now, siteUrl: 'https://example.org' });
    expect(await renewalMails(id)).toHaveLength(0);
    await age(id, now, 396); // 13 months
    await runRenewals(staff, { now, siteUrl: 'https://example.org' });
    // The job runs again (the next day, or twice at once): never a second e-mail for the same period.
    const again = await runRenewals(staff, {
      now: new Date(now.getTime() + DAY),
      siteUrl: 'https://example.org',
    });
    expect(again.mailed).toBe(0);
    const mails = await renewalMails(id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to_address: 'olive@example.com',
      subject: 'Is "Due Domes" still accurate?',
    });
    expect(mails[0]?.text_body).toContain(`https://example.org/owner?edit=${slug}`);
    const token = /\/renewal\/confirm#([\w-]+)/.exec(mails[0]?.text_body ?? '')?.[1] ?? '';
    // The token is stored only as its hash.
    const stored = await sql.query<{ token_hash: string }>(
      'select token_hash from public.listing_renewals where listing_id = $1',
      [id],
    );
    expect(stored[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]?.token_hash).not.toBe(token);
    expect((await staff.openRenewals()).map((r) => r.slug)).toContain(slug);

    const { tokenHash } = await import('../../src/server/auth/session');
    const before = Date.now() - 1000;
    expect(await staff.confirmRenewal(tokenHash(token))).toBe(slug);
    expect(Date.parse((await verifiedAt(id)) ?? '')).toBeGreaterThanOrEqual(before);
    expect(await staff.confirmRenewal(tokenHash(token))).toBeNull();
    expect((await staff.openRenewals()).map((r) => r.slug)).not.toContain(slug);

    // Another listing nobody answers for: 60 days after it fell due, staff decide.
    const other = await submitPending(store, 'Silent Safari');
    await act({ action: 'verify', id: other.slug });
    await age(other.id, now, 400);
    await runRenewals(staff, { now, siteUrl: 'https://example.org' });
    const day59 = await runRenewals(staff, { now: new Date(now.getTime() + 59 * DAY), siteUrl: '' });
    expect((await staff.openRenewals()).find((r) => r.slug === other.slug)?.escalated_at).toBeNull();
    expect(day59.escalated).toBe(0);
    const day61 = await act({ action: 'renewals', now: new Date(now.getTime() + 61 * DAY).toISOString() });
    expect(day61.message).toMatch(/[1-9]\d* handed to staff$/);
    const queue = await act({ action: 'renewals-list' });
    const silent = queue.renewals?.find((r) => r.slug === other.slug);
    expect(silent).toMatchObject({ owner_email: 'olive@example.com' });
    expect(silent?.escalated_at).not.toBeNull();
    // Those for staff to decide come first.
    expect(queue.renewals?.[0]?.escalated_at).not.toBeNull();
    expect(await renewalMails(other.id)).toHaveLength(1);
  });
});
