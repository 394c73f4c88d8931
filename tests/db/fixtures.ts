import type { SeedListing } from '../../scripts/lib/seed';
import type { Store } from '../../src/data/store';
import { NO_FACTS } from '../../src/domain/facts';
import type { NewListing } from '../../src/domain/schemas/listing';

let n = 0;
/** A valid listing row with a unique id and slug; override what a test is about. */
export function listingRow(over: Partial<SeedListing> = {}): SeedListing {
  n += 1;
  const hex = n.toString(16).padStart(12, '0');
  return {
    id: `00000000-0000-4000-8000-${hex}`,
    slug: `listing-${n}`,
    property_name: `Listing ${n}`,
    description: 'A quiet yurt.',
    latitude: 38.57,
    longitude: -109.55,
    street_address: '1 Canyon Rd',
    city: 'Moab',
    state: 'Utah',
    zip_code: '84532',
    phone: '4355550100',
    website_url: 'https://example.com',
    public_email: null,
    accommodation_type: 'Yurts',
    setting_type: 'Desert',
    price_range: 'Luxury',
    amenities: ['Parking'],
    features: ['Stargazing Deck'],
    images: [],
    photos: [],
    verification_status: 'verified',
    featured: false,
    created_at: '2025-06-01T00:00:00Z',
    coordinates_source: 'given',
    verified_at: '2025-06-02T00:00:00.000Z',
    ...NO_FACTS,
    ...over,
  };
}

/** A new listing as a submission hands it to the store (Cedar Hollow Yurts in Moab); override what a test is about. */
export function newListing(over: Partial<NewListing> = {}): NewListing {
  return {
    slug: 'cedar-hollow-yurts-moab-utah',
    property_name: 'Cedar Hollow Yurts',
    description: 'Yurts.',
    latitude: 38.5,
    longitude: -109.5,
    street_address: '2 Mesa Way',
    city: 'Moab',
    state: 'Utah',
    zip_code: '84532',
    phone: '(435) 555-0101',
    website_url: null,
    accommodation_type: 'Yurts',
    setting_type: 'Desert',
    price_range: null,
    amenities: ['Fire Pit', 'Parking'],
    public_email: null,
    features: ['Stargazing Deck'],
    images: [],
    photos: [],
    coordinates_source: 'given',
    ...NO_FACTS,
    ...over,
  };
}

/** A pending listing as the submission form stores it, with its owner's private contact (olive@example.com). */
export function submitPending(store: Store, name: string): Promise<{ id: string; slug: string }> {
  return store.submitListing(
    {
      slug: `${name.toLowerCase().replace(/\W+/g, '-')}-bend-oregon`,
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
      coordinates_source: 'given',
      ...NO_FACTS,
    },
    { owner_name: 'Olive Owner', email: 'olive@example.com' },
    [],
  );
}
