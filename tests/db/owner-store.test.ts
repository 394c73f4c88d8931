import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { NotYourListing } from '../../src/data/owner-store';
import type { Sql } from '../../src/data/sql';
import { sqlStore } from '../../src/data/sql-store';
import { sqlStaffStore } from '../../src/data/staff-sql';
import { StaffInputError, type StaffStore } from '../../src/data/staff-store';
import type { OutgoingEmail } from '../../src/data/store';
import { NO_FACTS } from '../../src/domain/facts';
import { backends, describeEachBackend } from './backends';

const mail = (to: string): OutgoingEmail => ({
  kind: 'claim_approved',
  to_address: to,
  subject: 'Decided',
  text_body: 'Decided.',
  html_body: '<p>Decided.</p>',
});

// Ownership lives in the SQL functions: these drive them directly, through the SQL store (production's one data
// path), so no server route can skip what they refuse.
describeEachBackend(await backends(), 'owner storage on $name', (backend) => {
  let sql: Sql;
  let dispose: () => Promise<void>;
  let a: { id: string; slug: string };
  let b: { id: string; slug: string };
  const stores: Array<[string, () => StaffStore]> = [['sql', () => sqlStaffStore(sql)]];

  beforeAll(async () => {
    ({ sql, dispose } = await backend.create());
    const store = sqlStore(sql);
    const first = await store.submitListing(
      { ...(await pendingOf('Alder Yurts')), slug: 'alder-yurts-bend-oregon' },
      { owner_name: 'Ann', email: 'ann@example.com' },
      [],
    );
    const second = await store.submitListing(
      { ...(await pendingOf('Birch Domes')), slug: 'birch-domes-bend-oregon' },
      { owner_name: 'Ben', email: 'ben@example.com' },
      [],
    );
    a = { id: first.id, slug: 'alder-yurts-bend-oregon' };
    b = { id: second.id, slug: 'birch-domes-bend-oregon' };
  });
  afterAll(async () => {
    await dispose?.();
  });
  beforeEach(async () => {
    await sql.exec(
      'delete from public.listing_changes; delete from public.owner_claims; delete from public.listing_owners; ' +
        'delete from public.auth_links; delete from public.email_outbox; ' +
        `update public.glamping_listings set price_range = null, verification_status = 'pending'`,
    );
  });

  for (const [name, open] of stores) {
    it(`${name}: the private contact address owns its listing, and only that one`, async () => {
      const store = open();
      expect(await store.ownedListingIds('ANN@example.com')).toEqual([a.id]);
      expect(await store.ownedListingIds('eve@example.com')).toEqual([]);
    });

    it(`${name}: an owner address gets a sign-in link like staff; an unknown one does not`, async () => {
      const store = open();
      const hash = (c: string) => c.repeat(64);
      expect(await store.createLink('ann@example.com', hash('a'), 900, mail('ann@example.com'), a.id)).toBe(
        true,
      );
      expect(await store.createLink('eve@example.com', hash('e'), 900, mail('eve@example.com'), a.id)).toBe(
        false,
      );
    });

    it(`${name}: an owner proposes a change to their listing; the listing is untouched until approved`, async () => {
      const store = open();
      const notice = { mail: { ...mail('staff@example.org'), kind: 'owner_edit' }, relatedId: a.id };
      const id = await store.proposeChange(
        'ann@example.com',
        a.id,
        'edit',
        { price_range: 'Luxury' },
        null,
        notice,
      );
      expect((await store.find(a.id))?.price_range).toBeNull();
      const [change] = await store.changes({ listingId: a.id });
      expect(change).toMatchObject({ id, slug: a.slug, kind: 'edit', changes: { price_range: 'Luxury' } });
      await store.decideChange(id, true, 'staff@example.org', null, mail('ann@example.com'));
      expect((await store.find(a.id))?.price_range).toBe('Luxury');
      expect(await store.changes()).toEqual([]);
      const sent = await sql.query<{ to_address: string }>(
        'select to_address from public.email_outbox order by created_at, kind',
      );
      expect(sent.map((m) => m.to_address).sort()).toEqual(['ann@example.com', 'staff@example.org']);
      await expect(
        store.decideChange(id, false, 'staff@example.org', 'no', mail('x@example.com')),
      ).rejects.toThrow(StaffInputError);
    });

    it(`${name}: owner A cannot propose an edit or an unpublish of B's listing`, async () => {
      const store = open();
      for (const kind of ['edit', 'unpublish'] as const)
        await expect(
          store.proposeChange('ann@example.com', b.id, kind, { price_range: 'Budget-Friendly' }, null, null),
        ).rejects.toThrow(NotYourListing);
      // Nor of a listing id that is not an id at all.
      await expect(
        store.proposeChange('ann@example.com', 'birch-domes', 'edit', {}, null, null),
      ).rejects.toThrow(NotYourListing);
      expect(await store.changes()).toEqual([]);
    });

    it(`${name}: a claim waits for staff; approval makes the address an owner, refusal does not`, async () => {
      const store = open();
      const notice = {
        mail: { ...mail('staff@example.org'), kind: 'owner_claim', subject: 'New claim' },
        relatedId: b.id,
      };
      expect(
        await store.requestClaim(b.slug, 'Cy@Example.com', 'Cy', 'Manager', '(555) 123-4567', notice),
      ).toBe('stored');
      expect(
        await store.requestClaim(b.slug, 'cy@example.com', 'Cy', 'Manager', '(555) 123-4567', notice),
      ).toBe('pending');
      // The address on file is told nothing new and nothing is stored for it.
      expect(
        await store.requestClaim(b.slug, 'ben@example.com', 'Ben', 'Owner', 'https://b.example', notice),
      ).toBe('owner');
      expect(
        await store.requestClaim(a.slug, 'dee@example.com', 'Dee', 'Owner', 'https://a.example', null),
      ).toBe('stored');
      // Staff's notice went with the one claim stored, not with the repeat nor the owner's own address.
      const notices = await sql.query<{ subject: string }>(
        `select subject from public.email_outbox where kind = 'owner_claim'`,
      );
      expect(notices).toEqual([{ subject: 'New claim' }]);
      const claims = await store.claims();
      expect(claims.map((c) => [c.email, c.slug])).toEqual([
        ['cy@example.com', b.slug],
        ['dee@example.com', a.slug],
      ]);
      const [cy, dee] = claims;
      await store.decideClaim(cy?.id ?? '', true, 'staff@example.org', null, mail('cy@example.com'));
      await store.decideClaim(dee?.id ?? '', false, 'staff@example.org', 'No proof', mail('dee@example.com'));
      expect(await store.ownedListingIds('cy@example.com')).toEqual([b.id]);
      expect(await store.ownedListingIds('dee@example.com')).toEqual([]);
      // Owning B through a claim gives nothing on A.
      await expect(store.proposeChange('cy@example.com', a.id, 'edit', {}, null, null)).rejects.toThrow(
        NotYourListing,
      );
      const audit = (await store.audit()).filter((e) => e.action.startsWith('claim-')).map((e) => e.action);
      expect(audit.slice(-2)).toEqual(['claim-approve', 'claim-refuse']);
    });

    it(`${name}: approving an unpublish takes the listing off the site`, async () => {
      const store = open();
      await store.setStatus(a.id, 'verified', 'staff@example.org', null, null);
      const id = await store.proposeChange('ann@example.com', a.id, 'unpublish', {}, 'Closed for good', null);
      await store.decideChange(id, true, 'staff@example.org', null, mail('ann@example.com'));
      expect((await store.find(a.id))?.verification_status).toBe('rejected');
    });

    it(`${name}: an unknown claim or change id is a clear refusal`, async () => {
      const store = open();
      await expect(store.decideClaim('nope', true, 's', null, mail('x@example.com'))).rejects.toThrow(
        /No claim/,
      );
      await expect(
        store.decideChange('00000000-0000-4000-8000-00000000ffff', true, 's', null, mail('x@example.com')),
      ).rejects.toThrow(/No change/);
      expect(await store.claims('nope')).toEqual([]);
    });
  }
});

async function pendingOf(name: string) {
  return {
    property_name: name,
    description: 'Heated yurts.',
    latitude: 44.05,
    longitude: -121.31,
    street_address: '12 Forest Road',
    city: 'Bend',
    state: 'Oregon',
    zip_code: '97701',
    phone: '5551234567',
    website_url: null,
    accommodation_type: 'Yurts',
    setting_type: 'Forest',
    price_range: null,
    amenities: ['Fire Pit'],
    public_email: null,
    features: [],
    images: [],
    photos: [],
    coordinates_source: 'given' as const,
    ...NO_FACTS,
  };
}
