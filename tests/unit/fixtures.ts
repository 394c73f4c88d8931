import { EMPTY_SUBMISSION, type SubmissionFormState } from '../../src/domain/schemas/submission';

/** A complete list-property form as typed (every required field, valid), for schema tests to vary. */
export function formInput(over: Partial<SubmissionFormState> = {}): SubmissionFormState {
  return {
    ...EMPTY_SUBMISSION,
    propertyName: 'Red Rock Yurts',
    ownerName: 'Ada Owner',
    email: 'ada@example.com',
    phone: '(435) 555-0100',
    address: '1 Canyon Rd',
    city: 'Moab',
    state: 'Utah',
    zipCode: '84532',
    accommodationType: 'Yurts',
    settingType: 'Desert',
    description: 'Yurts under the stars.',
    ...over,
  };
}

/** One staff CSV row as its cells (valid, every column), for import tests to vary. */
export function importCells(over: Record<string, string> = {}): Record<string, string> {
  return {
    id: '',
    slug: '',
    property_name: 'Canyon Yurts',
    description: 'Quiet, with stars',
    latitude: '38.57',
    longitude: '-109.55',
    street_address: '1 Canyon Rd',
    city: 'Moab',
    state: 'Utah',
    zip_code: '84532',
    phone: '(435) 555-0100',
    website_url: 'https://canyon.example',
    public_email: '',
    accommodation_type: 'Yurts',
    setting_type: 'Desert',
    price_range: 'Luxury',
    amenities: 'Parking; Fire Pit',
    features: 'Stargazing deck',
    images: '',
    verification_status: 'verified',
    featured: 'false',
    created_at: '2025-06-01T00:00:00.000000Z',
    owner_name: 'Ada',
    owner_email: 'ada@example.com',
    ...over,
  };
}
