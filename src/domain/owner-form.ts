import type { SubmissionFormState } from './schemas/forms';
import type { Listing } from './schemas/listing';

const yesNo = (v: boolean | null) => (v === null ? '' : v ? 'yes' : 'no');

/**
 * The listing's current public values as the owner's edit form holds them. Zod-free: the owner page loads
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
    // --- Facts: as the form's fields hold them; '' is "not stated" ---
    openMonths: (l.open_months ?? []).map(String),
    petsAllowed: yesNo(l.pets_allowed),
    goodForKids: yesNo(l.good_for_kids),
    wheelchairAccessible: yesNo(l.wheelchair_accessible),
    accessibilityNote: l.accessibility_note ?? '',
    sleeps: l.sleeps === null ? '' : String(l.sleeps),
    minNights: l.min_nights === null ? '' : String(l.min_nights),
  };
}

/** A photo as a change lists it: its id and caption (the stored ones carry more, which this ignores). */
interface PhotoLike {
  id: string;
  caption?: string | null;
}

const isPhotoList = (v: readonly unknown[]): v is PhotoLike[] =>
  v.length > 0 &&
  v.every((p) => typeof p === 'object' && p !== null && typeof (p as PhotoLike).id === 'string');

/**
 * A proposed or current value as staff and owners read it (console diff, CLI, e-mails): lists joined, photos as
 * their count and captions in order (the first is the cover), nothing as "(none)".
 */
export function changeValueText(value: unknown): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return '(none)';
    if (isPhotoList(value))
      return `${value.length} photo${value.length === 1 ? '' : 's'}: ${value
        .map(
          (p, i) =>
            `${p.caption?.trim() ? `“${p.caption.trim()}”` : `photo ${p.id}`}${i === 0 ? ' (cover)' : ''}`,
        )
        .join(', ')}`;
    return value.join(', ');
  }
  return value === null || value === undefined || value === '' ? '(none)' : String(value);
}
