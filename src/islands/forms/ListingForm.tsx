import { useCallback, useRef, useState } from 'react';
import type { PossibleDuplicate } from '../../domain/duplicates';
import { ACCOMMODATION_TYPES, PRICE_RANGES, SETTING_TYPES } from '../../domain/lists';
import { EMPTY_SUBMISSION, HONEYPOT_FIELD, MAX, type SubmissionFormState } from '../../domain/schemas/forms';
import { REVIEW_HOURS } from '../../site';
import { AmenityPicker } from './AmenityPicker';
import { DuplicateWarning, findDuplicates } from './DuplicateWarning';
import { FactsFields } from './FactsFields';
import { FormSection } from './FormSection';
import {
  EmailField,
  Honeypot,
  NameField,
  RequiredNote,
  SelectField,
  SendFailure,
  SubmitButton,
  TextAreaField,
  TextField,
} from './form-controls';
import { LocationFields } from './LocationFields';
import { PhotoPicker, type PickedPhoto, photosToSend } from './PhotoPicker';
import { flashToast, lazyCheck } from './send-form';
import { useFormSubmission } from './use-form-submission';

// Amenities are a group of checkboxes: focus goes to the first one; photos to their file input.
const fieldId = (f: string) =>
  f === 'amenities' ? 'listing-amenity-0' : f === 'openMonths' ? 'listing-month-0' : `listing-${f}`;
const SUCCESS_PAGE = '/list-success';
const listingCheck = lazyCheck(() =>
  import('../../domain/schemas/submission').then((m) => m.submissionSchema),
);
const editCheck = lazyCheck(() => import('../../domain/schemas/owner').then((m) => m.ownerEditSchema));

/** An owner's edit of a listing: the same form and rules, without the private contact and photos. */
export interface OwnerEdit {
  slug: string;
  values: Partial<SubmissionFormState>;
  /** The listing's photos as the picker starts with them (kept, reordered, captioned or removed; more added). */
  photos: PickedPhoto[];
  /** After the change was stored for review. */
  onSent: (message: string) => void;
}

/** Spec section 8: the answers of a stored submission, shown on the next page. */
const STORED_TOAST = {
  title: 'Property submitted successfully!',
  description: `We'll review your listing and publish it within ${REVIEW_HOURS} hours. You'll receive an email confirmation shortly.`,
};
const STORED_UNNOTIFIED_TOAST = {
  title: 'Listing Submitted',
  description:
    'Your property listing has been submitted. Email notification may have failed, but we have your information.',
};

/**
 * The list-property form (spec sections 2-5, 8): checked with the shared schema on submit (loaded on the first
 * focus in the form), sent to
 * POST /api/listings, then on to /list-success. A failure keeps every value typed.
 */
export default function ListingForm({ edit }: { edit?: OwnerEdit } = {}) {
  const picked = useRef<PickedPhoto[]>([]);
  // shown once before the first send when the property may be listed already; then it may be sent.
  const [duplicates, setDuplicates] = useState<PossibleDuplicate[] | null>(null);
  const onPhotos = useCallback((photos: PickedPhoto[]) => {
    picked.current = photos;
  }, []);
  const { form, setField, bind, errors, busy, failure, trap, setTrap, onSubmit } = useFormSubmission<
    SubmissionFormState & { slug?: string }
  >({
    empty: edit ? { ...EMPTY_SUBMISSION, ...edit.values, slug: edit.slug } : EMPTY_SUBMISSION,
    endpoint: edit ? '/api/owner/edit' : '/api/listings',
    check: edit ? editCheck : listingCheck,
    fieldId,
    onStored: (notified) => {
      if (edit) {
        edit.onSent(
          'Thank you: our team reviews your changes and e-mails you. The listing stays as it is until then.',
        );
        return false;
      }
      flashToast(notified ? STORED_TOAST : STORED_UNNOTIFIED_TOAST);
      window.location.assign(SUCCESS_PAGE);
      return true;
    },
    failureToast: edit
      ? { title: 'Changes not sent', description: 'Nothing was changed. Please try again.' }
      : {
          title: 'Submission failed',
          description: 'Please try again or contact support if the problem persists.',
        },
    // An owner's edit is of their own listing: only a new submission is checked for duplicates.
    beforeSend: async (values) => {
      if (edit || duplicates !== null) return true;
      const found = await findDuplicates(values);
      if (found.length === 0) return true;
      setDuplicates(found);
      requestAnimationFrame(() => document.getElementById('listing-duplicates')?.focus());
      return false;
    },
    extra: () => {
      const photos = photosToSend(picked.current);
      return 'problem' in photos
        ? { errors: { photos: photos.problem } }
        : { values: { photos: photos.refs } };
    },
  });

  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      onFocus={listingCheck.preload}
      aria-describedby="listing-required-note"
      className="relative space-y-8"
    >
      <RequiredNote id="listing-required-note" />
      <FormSection legend="Property">
        <TextField
          {...bind('propertyName')}
          label="Property Name"
          required
          maxLength={MAX.name}
          className="sm:col-span-2"
        />
        <SelectField
          {...bind('accommodationType')}
          label="Accommodation Type"
          required
          placeholder="Select a type"
          options={ACCOMMODATION_TYPES}
        />
        <SelectField
          {...bind('settingType')}
          label="Setting Type"
          required
          placeholder="Select a setting"
          options={SETTING_TYPES}
        />
        <SelectField
          {...bind('priceRange')}
          label="Price Range"
          placeholder="Select a price range"
          options={PRICE_RANGES}
        />
        <TextField
          {...bind('website')}
          label="Website"
          type="url"
          autoComplete="url"
          maxLength={MAX.website}
          hint="Starting with http:// or https://"
        />
        <TextAreaField
          {...bind('description')}
          label="Description"
          required
          maxLength={MAX.description}
          hint="What makes a stay special: the accommodation, the setting, what guests can do."
          className="sm:col-span-2"
        />
      </FormSection>
      <AmenityPicker
        idPrefix="listing-amenity"
        selected={form.amenities}
        error={errors.amenities}
        onChange={(amenities) => setField('amenities', amenities)}
      />
      <PhotoPicker
        id={fieldId('photos')}
        propertyName={form.propertyName}
        error={errors.photos}
        onChange={onPhotos}
        initial={edit?.photos}
      />
      <FactsFields
        monthsPrefix="listing-month"
        months={form.openMonths}
        monthsError={errors.openMonths}
        onMonths={(months) => setField('openMonths', months)}
        bind={bind}
      />
      <LocationFields bind={bind} />
      <FormSection
        legend="Contact"
        intro={
          <>
            The phone number is shown on your listing.
            {!edit && ' Your name and e-mail stay private: only our team uses them.'}
          </>
        }
      >
        {!edit && (
          <>
            <NameField {...bind('ownerName')} label="Owner Name" />
            <EmailField {...bind('email')} />
          </>
        )}
        <TextField
          {...bind('phone')}
          label="Phone"
          type="tel"
          required
          autoComplete="tel"
          maxLength={MAX.phone}
          hint="10 digits, e.g. (555) 123-4567"
        />
      </FormSection>
      <Honeypot name={HONEYPOT_FIELD} value={trap} onChange={setTrap} />
      {duplicates && duplicates.length > 0 && <DuplicateWarning duplicates={duplicates} />}
      <div className="flex flex-col gap-3 border-t border-stone-200 pt-6 sm:flex-row sm:items-center">
        {edit ? (
          <SubmitButton busy={busy} label="Send Changes for Review" busyLabel="Sending..." />
        ) : (
          <SubmitButton
            busy={busy}
            label={duplicates?.length ? 'Submit anyway' : 'Submit Listing'}
            busyLabel="Submitting..."
          />
        )}
        <p className="text-sm text-stone-600">
          {edit
            ? 'Our team reviews every change; the listing shows it once approved.'
            : `Free: no fees, no commissions. We review every listing within ${REVIEW_HOURS} hours.`}
        </p>
      </div>
      <SendFailure failure={failure} kept="Your answers are still here." />
    </form>
  );
}
