/** A listing's photos: remove one, make one the cover, and publish or withdraw the files as its status says. */
import { type PhotoStorage, photoFileNames } from '../../../data/photos/storage';
import { StaffInputError, type StaffListing, type StaffStore } from '../../../data/staff-store';
import type { ListingPhoto } from '../../../domain/schemas/listing';
import type { StaffRequest } from '../../../domain/staff/contracts';
import { type ActionContext, type ActionOptions, defineActions, listingAnswer, load } from './context';

/** Publishes each photo's files, or withdraws those no other verified listing shows. */
async function applyVisibility(
  store: StaffStore,
  storage: PhotoStorage,
  listing: StaffListing,
  dropped: readonly ListingPhoto[],
): Promise<void> {
  const publish = listing.verification_status === 'verified';
  for (const p of listing.photos) {
    const names = photoFileNames(p.widths, p.width);
    if (publish) await storage.publish(p.id, names);
    // A photo another verified listing shows stays public.
    else if (!(await store.photoUsedElsewhere(p.id, listing.id, true))) await storage.withdraw(p.id, names);
  }
  // Photos an owner's approved change dropped leave the public side (unless another verified listing shows them).
  for (const p of dropped)
    if (!(await store.photoUsedElsewhere(p.id, listing.id, true)))
      await storage.withdraw(p.id, photoFileNames(p.widths, p.width));
}

/**
 * Makes a listing's photo files public when it is verified and withdraws them otherwise; a message part saying so.
 * A storage failure does not undo the decision: it is reported, and `photo-sync` runs the same step again.
 */
export async function photoVisibility(
  store: StaffStore,
  listing: StaffListing,
  options: ActionOptions,
  before: readonly ListingPhoto[] = [],
): Promise<string> {
  const dropped = before.filter((b) => !listing.photos.some((p) => p.id === b.id));
  if (!options.photos || listing.photos.length + dropped.length === 0) return '';
  const publish = listing.verification_status === 'verified';
  try {
    await applyVisibility(store, options.photos(), listing, dropped);
    const droppedText = dropped.length > 0 ? `, ${dropped.length} withdrawn` : '';
    return `, ${listing.photos.length} photo(s) ${publish ? 'published' : 'withdrawn'}${droppedText}`;
  } catch (error) {
    return `, photos NOT ${publish ? 'published' : 'withdrawn'} (${error instanceof Error ? error.message : error}): run photo-sync ${listing.slug}`;
  }
}

async function removeOrCover(request: StaffRequest<'photo-remove' | 'photo-cover'>, context: ActionContext) {
  const { store, by, options } = context;
  const listing = await load(store, request.id);
  const target = listing.photos.find((p) => p.id === request.photo);
  if (!target)
    throw new StaffInputError(
      `${listing.slug} has no photo "${request.photo}"; its photos: ${listing.photos.map((p) => p.id).join(', ') || 'none'}`,
    );
  const rest = listing.photos.filter((p) => p !== target);
  const photos = request.action === 'photo-cover' ? [target, ...rest] : rest;
  await store.setPhotos(listing.id, photos, request.action, target.id, by);
  // The files go with the photo unless another listing shows it too.
  if (request.action === 'photo-remove' && !(await store.photoUsedElsewhere(target.id, listing.id, false)))
    await options.photos?.().remove(target.id, photoFileNames(target.widths, target.width));
  const after = await load(store, listing.id);
  const message =
    request.action === 'photo-cover'
      ? `${listing.slug}: photo ${target.id} is the cover`
      : `${listing.slug}: photo ${target.id} removed (${photos.length} left)`;
  return listingAnswer(context, message, after, listing.verification_status === 'verified');
}

export const photoActions = defineActions({
  'photo-remove': { readOnly: false, handler: removeOrCover },
  'photo-cover': { readOnly: false, handler: removeOrCover },
  'photo-sync': {
    readOnly: false,
    handler: async (request, { store, options }) => {
      const listing = await load(store, request.id);
      return {
        message: `${listing.slug}:${await photoVisibility(store, listing, options)}`.replace(
          /:$/,
          ': no photos',
        ),
        listing,
      };
    },
  },
});
