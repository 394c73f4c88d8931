import { ACCESSIBILITY_NOTE_MAX, MIN_NIGHTS_MAX, SLEEPS_MAX } from '../facts';
import { ACCOMMODATION_TYPES, AMENITIES, PRICE_RANGE_VALUES, SETTING_TYPES, US_STATES } from '../lists';
import {
  decimalCoordinate,
  MAX,
  optionalCount,
  optionalMonths,
  optionalText,
  optionalWebsite,
  optionalYesNo,
  requiredChoice,
  requiredEmail,
  requiredLines,
  requiredPhone,
  requiredText,
  requiredZip,
} from './fields';
import { z } from './z';

/**
 * Photos in order, cover first, each an id with an optional caption: the owner's uploads, or for an
 * owner's edit also the listing's own photos kept.
 */
export const photoRefList = z
  .array(
    z.object({
      id: z.string().regex(/^[A-Za-z0-9_-]{11}$/, 'Please upload the photo again'),
      caption: optionalText(MAX.caption).transform((c) => c || null),
    }),
  )
  .max(8, 'Please choose at most 8 photos');

/** A submission's photos: none when left out. */
const photoRefs = z.preprocess((v) => (v === undefined || v === null ? [] : v), photoRefList);

const BOTH_OR_NEITHER = 'Please enter both latitude and longitude, or leave both empty';

/** The list-property form's fields (spec sections 3 and 5); an owner's edit uses the public ones. */
export const submissionFields = z.object({
  propertyName: requiredText('Property name is required', MAX.name),
  ownerName: requiredText('Owner name is required', MAX.name),
  email: requiredEmail('Email is required'),
  phone: requiredPhone('Phone number is required'),
  address: requiredText('Address is required', MAX.address),
  city: requiredText('City is required', MAX.city),
  state: requiredChoice(US_STATES, 'State is required'),
  zipCode: requiredZip('ZIP code is required'),
  accommodationType: requiredChoice(ACCOMMODATION_TYPES, 'Accommodation type is required'),
  settingType: requiredChoice(SETTING_TYPES, 'Setting type is required'),
  description: requiredLines('Description is required', MAX.description),
  amenities: z.preprocess(
    (v) => (Array.isArray(v) ? [...new Set(v)] : []),
    z.array(z.enum(AMENITIES, { error: 'Please choose amenities from the list' })).max(AMENITIES.length),
  ),
  priceRange: optionalText(40).pipe(
    z.union([z.literal(''), z.enum(PRICE_RANGE_VALUES)], {
      error: 'Please choose a price range from the list',
    }),
  ),
  website: optionalWebsite,
  latitude: decimalCoordinate(90),
  longitude: decimalCoordinate(180),
  photos: photoRefs,
  // --- Facts (D32): each optional; left empty is "not stated" ---
  openMonths: optionalMonths,
  petsAllowed: optionalYesNo,
  goodForKids: optionalYesNo,
  wheelchairAccessible: optionalYesNo,
  accessibilityNote: optionalText(ACCESSIBILITY_NOTE_MAX),
  sleeps: optionalCount(SLEEPS_MAX),
  minNights: optionalCount(MIN_NIGHTS_MAX),
});

/**
 * Coordinates left empty stay null here: the server places the listing at its ZIP code or town from the gazetteer
 * (D28, not the spec's fixed New York pair); an owner's edit keeps the listing's position. Half a pair is a mistake
 * to point out, and a value we cannot read got its field message above rather than a silent move elsewhere.
 */
export function coordinatePair<T extends { latitude: number | null; longitude: number | null }>(
  form: T,
  ctx: z.RefinementCtx,
) {
  const { latitude, longitude } = form;
  if (latitude === null || longitude === null) {
    if (latitude === null && longitude === null) return { ...form, latitude: null, longitude: null };
    ctx.addIssue({
      code: 'custom',
      path: [latitude === null ? 'latitude' : 'longitude'],
      message: BOTH_OR_NEITHER,
    });
    return z.NEVER;
  }
  return { ...form, latitude, longitude };
}

/** The list-property form (spec sections 3 and 5), shared by the form island and the function. */
export const submissionSchema = submissionFields.transform(coordinatePair);

export type Submission = z.output<typeof submissionSchema>;
export { EMPTY_SUBMISSION, type SubmissionFormState } from './forms';
