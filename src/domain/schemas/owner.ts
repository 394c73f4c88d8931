/**
 * Owners: the edit form is the list-property form without the private contact (same rules, same
 * messages); a claim asks for a name, a role and a proof; what an edit changes is a field-by-field diff.
 */
import { formColumns } from '../form-fields';
import { phoneDigits, safeHttpUrl } from '../format';
import { MAX, optionalText, requiredEmail, requiredText } from './fields';
import type { Listing } from './listing';
import { coordinatePair, photoRefList, submissionFields } from './submission';
import { z } from './z';

/**
 * An owner's edit of a listing's public fields. Photos, when sent, are the whole list the owner wants (the listing's
 * own photos kept and fresh uploads, in order); left out, the photos stay as they are.
 */
export const ownerEditSchema = submissionFields
  .omit({ ownerName: true, email: true, photos: true })
  .extend({ photos: photoRefList.optional() })
  .transform(coordinatePair);
export type OwnerEdit = z.output<typeof ownerEditSchema>;

/** A claim proof is something staff can check: a 10-digit phone number or an http(s) link. */
const proof = requiredText('Proof is required: a phone number or a link', 500).refine(
  (v) => phoneDigits(v).length === 10 || safeHttpUrl(v) !== null,
  'Please give a 10-digit phone number or a link starting with http:// or https://',
);

/** "Is this your property?" from someone whose address is not on file. */
export const claimSchema = z.object({
  slug: requiredText('Which listing? Open the claim from the listing page', 200),
  name: requiredText('Your name is required', MAX.name),
  email: requiredEmail('Email is required'),
  role: requiredText('Your role is required (owner, manager, ...)', MAX.name),
  proof,
});
export type Claim = z.output<typeof claimSchema>;

export const unpublishSchema = z.object({
  slug: requiredText('Which listing?', 200),
  note: optionalText(2000),
});

/** A photo as an edit names it: an id (the listing's own photo, or a fresh upload) and its caption. */
export interface PhotoChange {
  id: string;
  caption: string | null;
}

/** A changed public field's new value, as the store's edit takes it. */
export type ChangeValue = string | number | boolean | string[] | number[] | PhotoChange[] | null;

/** Photos compared by what an owner can change: which ones, their order and their captions. */
const photoKey = (photos: ReadonlyArray<{ id: string; caption?: string | null }>) =>
  JSON.stringify(photos.map((p) => [p.id, p.caption?.trim() || null]));

// Amenities are a set: the same ones in another order are no change.
const canonical = (v: ChangeValue) => JSON.stringify(Array.isArray(v) ? [...v].sort() : v);
const same = (a: ChangeValue, b: ChangeValue) => canonical(a) === canonical(b);

/** The listing columns an edit changes, with their new values; empty when nothing changed. */
export function changedFields(l: Listing, e: OwnerEdit): Record<string, ChangeValue> {
  const next: Record<string, ChangeValue> = { ...formColumns(e) };
  if (e.photos !== undefined && photoKey(e.photos) !== photoKey(l.photos ?? [])) next.photos = e.photos;
  // Coordinates left empty keep the listing where it is.
  if (e.latitude !== null && e.longitude !== null) {
    next.latitude = e.latitude;
    next.longitude = e.longitude;
  }
  const current = l as unknown as Record<string, ChangeValue>;
  return Object.fromEntries(
    Object.entries(next).filter(([k, v]) => k === 'photos' || !same(current[k] ?? null, v)),
  );
}
