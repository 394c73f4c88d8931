import { formValues } from './form-fields';
import type { SubmissionFormState } from './schemas/forms';
import type { Listing } from './schemas/listing';

/**
 * The listing's current public values as the owner's edit form holds them. Zod-free: the owner page loads
 * it at once, the edit schema only on demand.
 */
export function editFormValues(l: Listing): Omit<SubmissionFormState, 'ownerName' | 'email' | 'photos'> {
  return {
    ...(formValues(l) as Omit<
      SubmissionFormState,
      'ownerName' | 'email' | 'photos' | 'latitude' | 'longitude'
    >),
    latitude: String(l.latitude),
    longitude: String(l.longitude),
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
