import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertListings } from '../../scripts/lib/seed';
import { listingsToCsv } from '../../src/data/csv';
import type { Sql } from '../../src/data/sql';
import { sqlStore } from '../../src/data/sql-store';
import { sqlStaffStore } from '../../src/data/staff-sql';
import { StaffInputError, type StaffStore } from '../../src/data/staff-store';
import type { Store } from '../../src/data/store';
import { CSV_COLUMNS } from '../../src/domain/schemas/import';
import { runStaffAction, type StaffRequest, staffRequestSchema } from '../../src/server/staff/actions';
import { type Backend, backends, describeEachBackend } from './backends';
import { listingRow, submitPending } from './fixtures';

const list = await backends();
delete process.env.NETLIFY_BUILD_HOOK_URL;

interface Outbox {
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  related_id: string;
}

/** A CSV file as staff would write it: the export's header and one line per row (cells as strings). */
function csv(rows: Array<Record<string, string>>): string {
  const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;
  const line = (row: Record<string, string>) => CSV_COLUMNS.map((c) => quote(row[c] ?? '')).join(',');
  return [CSV_COLUMNS.join(','), ...rows.map(line)].join('\n');
}

let n = 0;
function csvRow(over: Record<string, string> = {}): Record<string, string> {
  n += 1;
  return {
    property_name: `Imported Camp ${n}`,
    description: 'Tents by the lake',
    latitude: '44.1',
    longitude: '-70.2',
    street_address: `${n} Lake Rd`,
    city: 'Bethel',
    state: 'Maine',
    zip_code: '04217',
    phone: '(207) 555-0100',
    accommodation_type: 'Safari Tents',
    setting_type: 'Lake',
    amenities: 'Parking; Fire Pit',
    verification_status: 'verified',
    owner_name: 'Imogen Owner',
    owner_email: 'imogen@example.com',
    ...over,
  };
}

describeEachBackend(list, 'staff store on $name', (backend: Backend) => {
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
  const outbox = (id: string) =>
    sql.query<Outbox>(
      `select kind, to_address, subject, text_body, related_id::text as related_id from public.email_outbox
       where related_id = $1 order by created_at`,
      [id],
    );
  const status = async (id: string) =>
    (
      await sql.query<{ s: string }>(
        'select verification_status as s from public.glamping_listings where id = $1',
        [id],
      )
    )[0]?.s;

  const submitted = (name: string) => submitPending(store, name);

  it('lists pending listings with their owner contact, oldest first', async () => {
    const first = await submitted('Pending One');
    const second = await submitted('Pending Two');
    const result = await act({ action: 'list' });
    const ids = result.listings?.map((l) => l.id) ?? [];
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(result.listings?.find((l) => l.id === first.id)).toMatchObject({
      owner_name: 'Olive Owner',
      owner_email: 'olive@example.com',
      verification_status: 'pending',
      age_hours: 0,
    });
    const shown = await act({ action: 'show', id: first.slug });
    expect(shown.listing).toMatchObject({ id: first.id, property_name: 'Pending One' });
  });

  it('verify publishes, records who/what/when/old/new, and queues the owner e-mail in the same write', async () => {
    const { id, slug } = await submitted('Verify Me');
    const before = new Date(Date.now() - 1000);
    const watermark = (await store.readPublic(null)).watermark;
    const result = await act({ action: 'verify', id: slug });
    expect(result.message).toBe(`${slug}: pending -> verified, e-mail to olive@example.com queued`);
    expect(await status(id)).toBe('verified');
    const audit = await staff.audit(id);
    expect(audit).toEqual([
      expect.objectContaining({
        actor: 'ada@staff',
        action: 'verify',
        listing_id: id,
        old_status: 'pending',
        new_status: 'verified',
        reason: null,
      }),
    ]);
    const at = Date.parse(audit[0]?.at ?? '');
    expect(at).toBeGreaterThanOrEqual(before.getTime());
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    const mails = await outbox(id);
    expect(mails).toEqual([
      expect.objectContaining({
        kind: 'listing_published',
        to_address: 'olive@example.com',
        subject: 'Your listing "Verify Me" is now live',
      }),
    ]);
    expect(mails[0]?.text_body).toContain(`/listings/${slug}`);
    // The next incremental sync reads exactly the one listing that changed.
    const changes = await store.readPublic(watermark);
    expect(changes.listings.map((l) => l.id)).toEqual([id]);
  });

  it('deciding twice changes nothing and e-mails nobody twice', async () => {
    const { id } = await submitted('Twice');
    await act({ action: 'verify', id });
    const again = await act({ action: 'verify', id });
    expect(again.message).toContain('already verified, nothing changed');
    expect(await staff.audit(id)).toHaveLength(1);
    expect(await outbox(id)).toHaveLength(1);
  });

  it('reject needs a reason, stores it in the audit row and sends it to the owner', async () => {
    const { id } = await submitted('Reject Me');
    expect(() => staffRequestSchema.parse({ action: 'reject', id, reason: '  ' })).toThrow(
      'reason is required when rejecting',
    );
    await act({ action: 'reject', id, reason: 'The phone number does not answer' });
    expect(await status(id)).toBe('rejected');
    expect(await staff.audit(id)).toEqual([
      expect.objectContaining({
        action: 'reject',
        old_status: 'pending',
        new_status: 'rejected',
        reason: 'The phone number does not answer',
      }),
    ]);
    const [mail] = await outbox(id);
    expect(mail).toMatchObject({ kind: 'listing_rejected', to_address: 'olive@example.com' });
    expect(mail?.text_body).toContain('Reason: The phone number does not answer');
  });

  it('unverify takes a published listing back to pending and records it, without e-mail', async () => {
    const { id } = await submitted('Unverify Me');
    await act({ action: 'verify', id });
    await act({ action: 'unverify', id, actor: 'bo@staff' });
    expect(await status(id)).toBe('pending');
    expect((await staff.audit(id)).map((a) => [a.actor, a.action, a.old_status, a.new_status])).toEqual([
      ['ada@staff', 'verify', 'pending', 'verified'],
      ['bo@staff', 'pending', 'verified', 'pending'],
    ]);
    expect((await outbox(id)).map((m) => m.kind)).toEqual(['listing_published']);
  });

  it('feature and unfeature flip the flag and record old and new values', async () => {
    const { id } = await submitted('Feature Me');
    await act({ action: 'feature', id });
    await act({ action: 'unfeature', id });
    const [row] = await sql.query<{ featured: boolean }>(
      'select featured from public.glamping_listings where id = $1',
      [id],
    );
    expect(row?.featured).toBe(false);
    expect((await staff.audit(id)).map((a) => [a.action, a.field, a.old_value, a.new_value])).toEqual([
      ['feature', 'featured', 'false', 'true'],
      ['unfeature', 'featured', 'true', 'false'],
    ]);
  });

  it('edit validates with the domain rule, writes the field and records old and new values', async () => {
    const { id } = await submitted('Edit Me');
    const result = await act({ action: 'edit', id, field: 'phone', value: '(555) 987-6543' });
    expect(result.listing?.phone).toBe('(555) 987-6543');
    await act({ action: 'edit', id, field: 'amenities', value: 'Hot Tub/Jacuzzi; WiFi/Internet' });
    await act({ action: 'edit', id, field: 'latitude', value: '45.5' });
    const listing = await staff.find(id);
    expect(listing).toMatchObject({ amenities: ['Hot Tub/Jacuzzi', 'WiFi/Internet'], latitude: 45.5 });
    expect((await staff.audit(id)).map((a) => [a.action, a.field, a.old_value, a.new_value])).toEqual([
      ['edit', 'phone', '5551234567', '(555) 987-6543'],
      ['edit', 'amenities', '{"Fire Pit"}', '["Hot Tub/Jacuzzi", "WiFi/Internet"]'],
      ['edit', 'latitude', '44.05', '45.5'],
    ]);
  });

  it('refuses bad input with a clear reason and changes nothing', async () => {
    const { id } = await submitted('Refuse Me');
    await expect(act({ action: 'edit', id, field: 'phone', value: '123' })).rejects.toThrow(
      'phone: Please enter a 10-digit phone number',
    );
    await expect(
      act({ action: 'edit', id, field: 'verification_status', value: 'verified' }),
    ).rejects.toThrow('Field "verification_status" cannot be edited');
    await expect(act({ action: 'verify', id: 'no-such-listing' })).rejects.toThrow(StaffInputError);
    await expect(act({ action: 'verify', id: 'no-such-listing' })).rejects.toThrow(
      'No listing with id or slug "no-such-listing"',
    );
    // Straight to the store: the SQL function refuses an unknown column name and an unknown id.
    await expect(staff.edit(id, 'id', 'x', 'ada')).rejects.toThrow(StaffInputError);
    await expect(
      staff.setStatus('00000000-0000-4000-8000-ffffffffffff', 'verified', 'ada', null, null),
    ).rejects.toThrow(StaffInputError);
    expect(await staff.audit(id)).toEqual([]);
    expect((await staff.find(id))?.phone).toBe('5551234567');
  });

  it('imports a valid CSV in one write, with owner contacts and one audit row', async () => {
    const before = (await staff.all()).length;
    const rows = [csvRow(), csvRow({ verification_status: '', owner_name: '', owner_email: '' })];
    const result = await act({ action: 'import', csv: csv(rows), actor: 'importer' });
    expect(result.message).toBe('Imported 2 listing(s)');
    const all = await staff.all();
    expect(all).toHaveLength(before + 2);
    const first = all.find((l) => l.property_name === rows[0]?.property_name);
    expect(first).toMatchObject({
      slug: `${String(rows[0]?.property_name).toLowerCase().replace(/ /g, '-')}-bethel-maine`,
      verification_status: 'verified',
      phone: '(207) 555-0100',
      amenities: ['Parking', 'Fire Pit'],
      owner_email: 'imogen@example.com',
    });
    expect(all.find((l) => l.property_name === rows[1]?.property_name)).toMatchObject({
      verification_status: 'pending',
      owner_email: null,
    });
    // One audit row per imported listing, with its status before (none: it is new) and after.
    for (const listing of [first, all.find((l) => l.property_name === rows[1]?.property_name)]) {
      expect(await staff.audit(listing?.id)).toEqual([
        expect.objectContaining({
          actor: 'importer',
          action: 'import',
          old_status: null,
          new_status: listing?.verification_status,
        }),
      ]);
    }
  });

  it('reports every bad row by line and field and imports none of the file', async () => {
    const before = (await staff.all()).length;
    const file = csv([
      csvRow(),
      csvRow({ phone: '12' }),
      csvRow(),
      csvRow({ state: 'Atlantis', zip_code: 'abc' }),
    ]);
    await expect(act({ action: 'import', csv: file })).rejects.toThrow(
      [
        'Nothing imported: 3 problem(s)',
        'line 3, phone: Please enter a 10-digit phone number',
        'line 5, state: Please choose an option from the list',
        'line 5, zip_code: Please enter a 5-digit ZIP code',
      ].join('\n'),
    );
    expect(await staff.all()).toHaveLength(before);
  });

  it('a row the database refuses rolls back the whole file', async () => {
    const existing = listingRow({ slug: 'taken-slug' });
    await insertListings(sql, [existing]);
    const before = (await staff.all()).length;
    const audits = (await staff.audit()).length;
    const file = csv([csvRow(), csvRow({ slug: 'taken-slug' }), csvRow()]);
    await expect(act({ action: 'import', csv: file })).rejects.toThrow(/Already taken/);
    expect(await staff.all()).toHaveLength(before);
    expect(await staff.audit()).toHaveLength(audits);
  });

  it('export round-trips: importing an export into an empty database exports the same file', async () => {
    const exported = await act({ action: 'export' });
    expect(exported.csv?.split('\n')[0]).toBe(CSV_COLUMNS.join(','));
    const other = await backend.create();
    const copy = sqlStaffStore(other.sql);
    try {
      await runStaffAction(copy, { action: 'import', csv: exported.csv ?? '' }, 'copier');
      expect(listingsToCsv(await copy.all())).toBe(exported.csv);
      // Importing the same file again updates in place: still the same file, no duplicates.
      await runStaffAction(copy, { action: 'import', csv: exported.csv ?? '' }, 'copier');
      expect(listingsToCsv(await copy.all())).toBe(exported.csv);
    } finally {
      await other.dispose();
    }
  });

  it('lets the build hook fire at most once per window', async () => {
    expect(await staff.claimRebuild(3600)).toMatch(/^\d+$/);
    expect(await staff.claimRebuild(3600)).toBeNull();
    expect(await staff.claimRebuild(3600)).toBeNull();
    expect(await staff.claimRebuild(0)).toMatch(/^\d+$/);
  });

  it('the public role can read neither the audit log nor the staff functions', async () => {
    await expect(
      sql.transaction((tx) => tx.query('select * from public.staff_audit_log'), 'anon'),
    ).rejects.toThrow(/permission denied/);
    await expect(
      sql.transaction(
        (tx) => tx.query(`select public.staff_set_status(gen_random_uuid(), 'verified', 'x', null, null)`),
        'anon',
      ),
    ).rejects.toThrow(/permission denied/);
  });
});
