import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertListings } from '../../scripts/lib/seed';
import type { Sql } from '../../src/data/sql';
import { sqlStore } from '../../src/data/sql-store';
import type { Store } from '../../src/data/store';
import { listingSchema, STORED_COLUMNS } from '../../src/domain/schemas/listing';
import { backends, describeEachBackend } from './backends';
import { newListing as cedarHollow, listingRow } from './fixtures';

const list = await backends();

describeEachBackend(list, 'store contract on $name', (backend) => {
  let sql: Sql;
  let store: Store;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ sql, dispose } = await backend.create());
    store = sqlStore(sql);
  });
  afterAll(() => dispose?.());

  const newListing = cedarHollow();
  const email = {
    kind: 'staff',
    to_address: 'staff@example.com',
    subject: 'New',
    text_body: 't',
    html_body: '<p>t</p>',
  };

  it('reads verified listings only, oldest change first, with typed values', async () => {
    const verified = listingRow({
      amenities: ['WiFi/Internet', 'Parking'],
      price_range: null,
      website_url: null,
    });
    await insertListings(sql, [
      verified,
      listingRow({ verification_status: 'pending' }),
      listingRow({ verification_status: 'rejected' }),
    ]);
    const { listings, removed, watermark } = await store.readPublic(null);
    expect(listings.map((l) => l.id)).toEqual([verified.id]);
    expect(listings[0]).toMatchObject({
      amenities: ['WiFi/Internet', 'Parking'],
      price_range: null,
      latitude: 38.57,
    });
    expect(removed).toEqual([]);
    // The horizon: a transaction id, as text.
    expect(watermark).toMatch(/^\d+$/);
    expect(await store.countPublic()).toBe(1);
  });

  it('reads only rows changed after a watermark, and listings that left the public set', async () => {
    const before = await store.readPublic(null);
    // Nothing changed: nothing new is read. (Rows already read may come again while a transaction elsewhere on the
    // server holds the horizon back: the sync upserts them, harmless.)
    const unchanged = await store.readPublic(before.watermark);
    const seen = new Set(before.listings.map((l) => `${l.id} ${l.updated_at}`));
    expect(unchanged.listings.filter((l) => !seen.has(`${l.id} ${l.updated_at}`))).toEqual([]);
    expect(unchanged.removed).toEqual([]);

    const [kept, dropped] = [listingRow(), listingRow()];
    await insertListings(sql, [kept, dropped]);
    const added = await store.readPublic(before.watermark);
    expect(added.listings.map((l) => l.id).sort()).toEqual([kept.id, dropped.id].sort());

    await sql.query(`update public.glamping_listings set verification_status = 'rejected' where id = $1`, [
      dropped.id,
    ]);
    const after = await store.readPublic(added.watermark);
    expect(after.listings.map((l) => l.id)).not.toContain(dropped.id);
    expect(after.removed.map((r) => [r.id, r.slug])).toEqual([[dropped.id, dropped.slug]]);

    await sql.query(`update public.glamping_listings set property_name = 'Renamed' where id = $1`, [kept.id]);
    const edited = await store.readPublic(after.watermark);
    expect(edited.listings.find((l) => l.id === kept.id)?.property_name).toBe('Renamed');
  });

  it('stores a submission as pending with its owner contact and e-mails, in one call', async () => {
    const { id, slug } = await store.submitListing(
      newListing,
      { owner_name: 'Ada', email: 'ada@example.com' },
      [email],
    );
    expect(slug).toBe(newListing.slug);
    // Every field of the new listing is stored as given; the server decides id, status, featuring and dates.
    const [row] = await sql.query(
      `select ${STORED_COLUMNS.join(', ')} from public.glamping_listings where id = $1`,
      [id],
    );
    expect(listingSchema.omit({ updated_at: true }).parse(row)).toEqual({
      ...newListing,
      id,
      verification_status: 'pending',
      featured: false,
      created_at: expect.any(String),
      // Pending: not verified yet.
      verified_at: null,
    });
    const owners = await sql.query(
      'select owner_name, email from public.listing_owner_contacts where listing_id = $1',
      [id],
    );
    expect(owners).toEqual([{ owner_name: 'Ada', email: 'ada@example.com' }]);
    expect((await store.readPublic(null)).listings.some((l) => l.id === id)).toBe(false);
  });

  it('gives a second listing with the same slug a unique one', async () => {
    const second = await store.submitListing(newListing, { owner_name: 'Bo', email: 'bo@example.com' }, []);
    expect(second.slug).toMatch(/^cedar-hollow-yurts-moab-utah-[0-9a-f]{8}$/);
  });

  it('stores nothing when any part of a submission fails', async () => {
    const count = async () =>
      (await sql.query<{ n: number }>('select count(*)::int as n from public.glamping_listings'))[0]?.n;
    const before = await count();
    await expect(
      store.submitListing(
        { ...newListing, slug: 'atomic-check' },
        { owner_name: '', email: 'x@example.com' },
        [email],
      ),
    ).rejects.toThrow();
    expect(await count()).toBe(before);
    const outbox = await sql.query(
      'select 1 from public.email_outbox where subject = $1 and related_id is null',
      ['New'],
    );
    expect(outbox).toEqual([]);
  });

  it('keeps e-mails in the outbox until sent, retrying failures later', async () => {
    await store.saveContactMessage(
      { name: 'Sam', email: 'sam@example.com', subject: 'Hello', category: '', message: 'Hi' },
      [{ ...email, kind: 'contact', subject: 'Contact: Hello' }],
    );
    const due = await store.dueEmails(100);
    const contact = due.find((e) => e.subject === 'Contact: Hello');
    expect(contact).toBeDefined();
    const later = new Date(Date.now() + 60_000);
    await store.markEmailFailed(contact!.id, 'SMTP down', later);
    expect((await store.dueEmails(100)).some((e) => e.id === contact!.id)).toBe(false);
    const retry = (await store.dueEmails(100, new Date(later.getTime() + 1))).find(
      (e) => e.id === contact!.id,
    );
    expect(retry?.attempts).toBe(1);
    await store.markEmailSent(contact!.id);
    expect(
      (await store.dueEmails(100, new Date(later.getTime() + 1))).some((e) => e.id === contact!.id),
    ).toBe(false);
  });
});
