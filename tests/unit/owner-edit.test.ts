import { describe, expect, it } from 'vitest';
import { NO_FACTS } from '../../src/domain/facts';
import { FORM_FIELDS, formColumns } from '../../src/domain/form-fields';
import { editFormValues } from '../../src/domain/owner-form';
import { LISTING_COLUMNS, type Listing } from '../../src/domain/schemas/listing';
import { changedFields, claimSchema, ownerEditSchema } from '../../src/domain/schemas/owner';
import { submissionFields } from '../../src/domain/schemas/submission';
import { fieldName } from '../../src/server/owner/emails';

const listing = {
  id: '00000000-0000-4000-8000-000000000001',
  slug: 'alder-yurts-bend-oregon',
  property_name: 'Alder Yurts',
  description: 'Heated yurts.',
  latitude: 44.05,
  longitude: -121.31,
  street_address: '12 Forest Road',
  city: 'Bend',
  state: 'Oregon',
  zip_code: '97701',
  phone: '(555) 123-4567',
  website_url: 'https://alder.example.com/',
  public_email: null,
  accommodation_type: 'Yurts',
  setting_type: 'Forest',
  price_range: 'Mid-Range',
  amenities: ['Fire Pit', 'Hot Shower'],
  features: [],
  images: [],
  verification_status: 'verified',
  featured: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  photos: [],
  coordinates_source: 'given',
  verified_at: '2026-01-01T00:00:00.000Z',
  ...NO_FACTS,
} as Listing;

const edit = (over: Record<string, unknown> = {}) =>
  ownerEditSchema.parse({ ...editFormValues(listing), ...over });

describe("an owner's edit", () => {
  it('is nothing when the form comes back as it was loaded, amenities in any order', () => {
    expect(changedFields(listing, edit())).toEqual({});
    expect(changedFields(listing, edit({ amenities: ['Hot Shower', 'Fire Pit'] }))).toEqual({});
  });

  it('names only the columns that changed, with their stored values', () => {
    expect(changedFields(listing, edit({ priceRange: 'Luxury', website: '' }))).toEqual({
      price_range: 'Luxury',
      website_url: null,
    });
  });

  it('keeps the listing where it is when both coordinates are emptied; half a pair is refused', () => {
    expect(changedFields(listing, edit({ latitude: '', longitude: '' }))).toEqual({});
    const half = ownerEditSchema.safeParse({ ...editFormValues(listing), latitude: '' });
    expect(half.success).toBe(false);
    expect(half.error?.issues[0]?.message).toBe(
      'Please enter both latitude and longitude, or leave both empty',
    );
  });

  it('has no private contact fields to change', () => {
    const parsed = edit({ ownerName: 'Mallory', email: 'm@example.com' });
    expect(Object.keys(parsed)).not.toContain('email');
    expect(Object.keys(parsed)).not.toContain('ownerName');
  });

  it('changes photos only when the list sent differs in which, their order or their captions', () => {
    const a = {
      id: 'AAAAAAAAAAA',
      width: 800,
      height: 600,
      widths: [400, 800],
      placeholder: '',
      caption: 'Deck',
    };
    const b = { ...a, id: 'BBBBBBBBBBB', caption: null };
    const withPhotos = { ...listing, photos: [a, b] } as Listing;
    const sent = (photos: Array<{ id: string; caption: string }>) =>
      changedFields(withPhotos, edit({ photos }));
    // Left out: the photos stay as they are.
    expect(changedFields(withPhotos, edit())).toEqual({});
    expect(
      sent([
        { id: a.id, caption: ' Deck ' },
        { id: b.id, caption: '' },
      ]),
    ).toEqual({});
    expect(
      sent([
        { id: b.id, caption: '' },
        { id: a.id, caption: 'Deck' },
      ]),
    ).toEqual({
      photos: [
        { id: b.id, caption: null },
        { id: a.id, caption: 'Deck' },
      ],
    });
    expect(
      sent([
        { id: a.id, caption: 'Deck at dusk' },
        { id: b.id, caption: '' },
      ]),
    ).toHaveProperty('photos');
    expect(sent([])).toEqual({ photos: [] });
    expect(edit.bind(null, { photos: [{ id: 'x', caption: '' }] })).toThrow('Please upload the photo again');
  });
});

describe('a claim', () => {
  const claim = { slug: 'alder-yurts-bend-oregon', name: 'Cy', email: 'cy@example.com', role: 'Manager' };
  it('takes a phone number or a link as proof, nothing else', () => {
    expect(claimSchema.safeParse({ ...claim, proof: '(541) 555-0100' }).success).toBe(true);
    expect(claimSchema.safeParse({ ...claim, proof: 'https://alder.example.com/team' }).success).toBe(true);
    expect(claimSchema.safeParse({ ...claim, proof: 'ask anyone' }).error?.issues[0]?.message).toBe(
      'Please give a 10-digit phone number or a link starting with http:// or https://',
    );
  });
});

describe('the map between the form and the columns', () => {
  const stated = {
    ...listing,
    open_months: [5, 6, 7],
    pets_allowed: false,
    good_for_kids: true,
    wheelchair_accessible: null,
    accessibility_note: 'Ramp to one yurt',
    sleeps: 4,
    min_nights: 2,
  } as Listing;

  it('names a field of the form for every column, and the form parses back to the same columns', () => {
    for (const { form } of Object.values(FORM_FIELDS))
      expect(Object.keys(submissionFields.shape)).toContain(form);
    for (const column of Object.keys(FORM_FIELDS)) expect(LISTING_COLUMNS).toContain(column);
    const parsed = ownerEditSchema.parse(editFormValues(stated));
    expect(formColumns(parsed)).toEqual(
      Object.fromEntries(Object.keys(FORM_FIELDS).map((c) => [c, stated[c as keyof Listing]])),
    );
    expect(changedFields(stated, parsed)).toEqual({});
  });

  it('an owner reads each changed field by its form label', () => {
    const changes = changedFields(
      stated,
      ownerEditSchema.parse({ ...editFormValues(stated), petsAllowed: 'yes', sleeps: '6' }),
    );
    expect(Object.keys(changes).map(fieldName)).toEqual(['Pets allowed', 'Sleeps (maximum guests)']);
  });
});
