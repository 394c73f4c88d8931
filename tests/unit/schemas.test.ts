import { describe, expect, it } from 'vitest';
import { contactSchema } from '../../src/domain/schemas/contact';
import { fieldErrors } from '../../src/domain/schemas/errors';
import { listingSchema } from '../../src/domain/schemas/listing';
import { EMPTY_SUBMISSION, submissionSchema } from '../../src/domain/schemas/submission';
import { formInput } from './fixtures';

const valid = formInput({ propertyName: '  Red Rock Yurts ', latitude: '38.57', longitude: '-109.55' });

const errorsOf = (input: unknown) => {
  const result = submissionSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

describe('submissionSchema', () => {
  it('accepts a complete form and trims text', () => {
    const out = submissionSchema.parse(valid);
    expect(out.propertyName).toBe('Red Rock Yurts');
    expect(out.latitude).toBe(38.57);
    expect(out.longitude).toBe(-109.55);
  });

  it('gives every required-field message of spec section 5 for an empty (or whitespace) form', () => {
    const blank = Object.fromEntries(
      Object.entries(EMPTY_SUBMISSION).map(([k, v]) => [k, Array.isArray(v) ? v : '   ']),
    );
    expect(errorsOf(blank)).toEqual({
      propertyName: 'Property name is required',
      ownerName: 'Owner name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
      address: 'Address is required',
      city: 'City is required',
      state: 'State is required',
      zipCode: 'ZIP code is required',
      accommodationType: 'Accommodation type is required',
      settingType: 'Setting type is required',
      description: 'Description is required',
    });
  });

  it('rejects a malformed e-mail with the spec message', () => {
    expect(errorsOf({ ...valid, email: 'ada@example' }).email).toBe('Please enter a valid email');
    expect(errorsOf({ ...valid, email: 'a b@c.de' }).email).toBe('Please enter a valid email');
  });

  it('requires 10 phone digits, any formatting (D22)', () => {
    expect(errorsOf({ ...valid, phone: '555-0100' }).phone).toBe('Please enter a 10-digit phone number');
    expect(errorsOf({ ...valid, phone: '435.555.0100' }).phone).toBeUndefined();
  });

  it('accepts only http(s) websites', () => {
    expect(errorsOf({ ...valid, website: 'javascript:alert(1)' }).website).toMatch(/http/);
    expect(errorsOf({ ...valid, website: 'ftp://x.org' }).website).toMatch(/http/);
    expect(submissionSchema.parse({ ...valid, website: 'https://redrock.example' }).website).toBe(
      'https://redrock.example',
    );
  });

  it('refuses values outside the fixed lists', () => {
    const e = errorsOf({
      ...valid,
      state: 'Atlantis',
      accommodationType: 'Castle',
      amenities: ['Moat'],
      priceRange: 'Free',
    });
    expect(Object.keys(e).sort()).toEqual(['accommodationType', 'amenities', 'priceRange', 'state']);
  });

  it('bounds every text field (D22)', () => {
    expect(errorsOf({ ...valid, propertyName: 'x'.repeat(121) }).propertyName).toMatch(/under 120/);
    expect(errorsOf({ ...valid, description: 'x'.repeat(5001) }).description).toMatch(/under 5000/);
  });

  it('leaves both coordinates empty for the server to place (D28), never the fixed New York pair', () => {
    const out = submissionSchema.parse({ ...valid, latitude: ' ', longitude: '' });
    expect([out.latitude, out.longitude]).toEqual([null, null]);
    expect(errorsOf({ ...valid, latitude: '44.05', longitude: '' })).toEqual({
      longitude: 'Please enter both latitude and longitude, or leave both empty',
    });
  });

  it('reads coordinates as plain decimal numbers only, with a field message otherwise', () => {
    const latitude = 'Please enter a decimal number between -90 and 90, like 44.05';
    for (const bad of ['0x1A', '1e2', 'Infinity', '44,05', 'north', '95', '-90.5', '1_0', '0b1', '44.05°'])
      expect(errorsOf({ ...valid, latitude: bad }), bad).toEqual({ latitude });
    expect(errorsOf({ ...valid, longitude: '-200' })).toEqual({
      longitude: 'Please enter a decimal number between -180 and 180, like -121.31',
    });
    for (const [typed, read] of [
      [' 12 ', 12],
      ['+44.05', 44.05],
      ['.5', 0.5],
      ['-90', -90],
      ['\u221244.5', -44.5],
    ] as const)
      expect(submissionSchema.parse({ ...valid, latitude: typed }).latitude, typed).toBe(read);
  });

  it('answers non-string values with field messages instead of throwing', () => {
    const e = errorsOf({ propertyName: 42, email: null, amenities: 'Parking' });
    expect(e.ownerName).toBe('Owner name is required');
    expect(e.email).toBe('Email is required');
  });
});

describe('contactSchema', () => {
  const message = { name: 'Sam', email: 'sam@example.com', subject: 'Hi', category: '', message: 'Hello' };
  it('accepts a message with or without category', () => {
    expect(contactSchema.parse(message).category).toBe('');
    expect(contactSchema.parse({ ...message, category: 'partnership' }).category).toBe('partnership');
  });
  it('requires name, email, subject and message and refuses unknown categories', () => {
    const r = contactSchema.safeParse({ category: 'spam' });
    expect(r.success).toBe(false);
    if (!r.success)
      expect(Object.keys(fieldErrors(r.error)).sort()).toEqual([
        'category',
        'email',
        'message',
        'name',
        'subject',
      ]);
  });
});

describe('listingSchema', () => {
  it('reads non-arrays as empty arrays and missing optional text as null', () => {
    const row = listingSchema.parse({
      id: '1',
      slug: 's',
      property_name: 'P',
      description: null,
      latitude: '1.5',
      longitude: 2,
      street_address: 'a',
      city: 'c',
      state: 'Utah',
      zip_code: '84000',
      phone: '4355550100',
      website_url: '',
      public_email: undefined,
      accommodation_type: 'Yurts',
      setting_type: 'Desert',
      price_range: '',
      amenities: 'Parking',
      features: null,
      images: [1, 'a.jpg'],
      verification_status: 'verified',
      featured: null,
      created_at: new Date('2025-01-01T00:00:00Z'),
      updated_at: '2025-01-01T00:00:00Z',
    });
    expect(row).toMatchObject({
      description: '',
      latitude: 1.5,
      website_url: null,
      public_email: null,
      price_range: null,
      amenities: [],
      features: [],
      images: ['a.jpg'],
      featured: false,
      created_at: '2025-01-01T00:00:00.000Z',
    });
  });
});
