import {
  ACCOMMODATION_TYPES,
  AMENITIES,
  DEFAULT_COORDINATES,
  PRICE_RANGE_VALUES,
  SETTING_TYPES,
  US_STATES,
} from '../lists';
import {
  MAX,
  optionalText,
  optionalWebsite,
  requiredChoice,
  requiredEmail,
  requiredPhone,
  requiredText,
} from './fields';
import { z } from './z';

/** A coordinate typed as text: kept only when it parses and lies in range (D22). */
function coordinate(limit: number) {
  return optionalText(MAX.coordinate).transform((v) => {
    const n = v === '' ? Number.NaN : Number(v);
    return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
  });
}

/** The list-property form (spec sections 3 and 5), shared by the form island and the function. */
export const submissionSchema = z
  .object({
    propertyName: requiredText('Property name is required', MAX.name),
    ownerName: requiredText('Owner name is required', MAX.name),
    email: requiredEmail('Email is required'),
    phone: requiredPhone('Phone number is required'),
    address: requiredText('Address is required', MAX.address),
    city: requiredText('City is required', MAX.city),
    state: requiredChoice(US_STATES, 'State is required'),
    zipCode: requiredText('ZIP code is required', MAX.zip).refine(
      (v) => v === '' || /^\d{5}(-\d{4})?$/.test(v),
      'Please enter a 5-digit ZIP code',
    ),
    accommodationType: requiredChoice(ACCOMMODATION_TYPES, 'Accommodation type is required'),
    settingType: requiredChoice(SETTING_TYPES, 'Setting type is required'),
    description: requiredText('Description is required', MAX.description),
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
    latitude: coordinate(90),
    longitude: coordinate(180),
  })
  .transform((form) => {
    // Spec section 5: unparseable coordinates fall back to the default pair, as a pair.
    const valid = form.latitude !== null && form.longitude !== null;
    return {
      ...form,
      latitude: valid ? (form.latitude as number) : DEFAULT_COORDINATES.latitude,
      longitude: valid ? (form.longitude as number) : DEFAULT_COORDINATES.longitude,
    };
  });

export type Submission = z.output<typeof submissionSchema>;
export { EMPTY_SUBMISSION, type SubmissionFormState } from './forms';
