import type { SubmissionFormState } from './schemas/forms';
import type { Listing } from './schemas/listing';

const yesNo = (v: boolean | null) => (v === null ? '' : v ? 'yes' : 'no');

/**
 * The listing's current public values as the owner's edit form holds them (issue 14). Zod-free: the owner page loads
 * it at once, the edit schema only on demand.
 */
export function editFormValues(l: Listing): Omit<SubmissionFormState, 'ownerName' | 'email' | 'photos'> {
  return {
    propertyName: l.property_name,
    phone: l.phone,
    address: l.street_address,
    city: l.city,
    state: l.state,
    zipCode: l.zip_code,
    accommodationType: l.accommodation_type,
    settingType: l.setting_type,
    description: l.description,
    amenities: l.amenities,
    priceRange: l.price_range ?? '',
    website: l.website_url ?? '',
    latitude: String(l.latitude),
    longitude: String(l.longitude),
    // --- Facts (issue 15): as the form's fields hold them; '' is "not stated" ---
    openMonths: (l.open_months ?? []).map(String),
    petsAllowed: yesNo(l.pets_allowed),
    goodForKids: yesNo(l.good_for_kids),
    wheelchairAccessible: yesNo(l.wheelchair_accessible),
    accessibilityNote: l.accessibility_note ?? '',
    sleeps: l.sleeps === null ? '' : String(l.sleeps),
    minNights: l.min_nights === null ? '' : String(l.min_nights),
  };
}
