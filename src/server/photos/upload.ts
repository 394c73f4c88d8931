/**
 * POST /api/photos: one photo's bytes as the body (its declared type and name are ignored), checked and
 * re-encoded (./process.ts), kept for a day with its files stored privately; 201 with the id the submission then
 * names. A refused photo gets 400 with the reason for that photo: the rest of the form is untouched.
 */
import { randomBytes } from 'node:crypto';
import type { PhotoStorage } from '../../data/photos/storage';
import type { Store } from '../../data/store';
import { storeCall } from '../form-handler';
import { endpoint, type FunctionContext, HttpError, json, readLimitedBytes, StoreUnavailable } from '../http';
import { errorText } from '../log';
import type { RateLimit } from '../rate-limit';
import { PHOTO_LIMITS, PhotoError, processPhoto, variantFiles } from './process';
import type { PhotoSlots } from './slots';

export interface PhotoUploadDeps {
  store: () => Promise<Store>;
  /** Throws a ConfigError (503) where this deploy has no photo storage. */
  storage: () => PhotoStorage;
  writesRefused: string | null;
  log?: (line: string) => void;
  /** The photos this server decodes at once (./slots.ts); the shared slots unless a test gives its own. */
  slots?: PhotoSlots;
}

/** A new photo id: 64 random bits, URL-safe (11 characters). */
export const newPhotoId = (): string => randomBytes(8).toString('base64url');

export function createPhotoUploadHandler(
  deps: (context: FunctionContext) => PhotoUploadDeps,
  rateLimit: RateLimit,
) {
  return endpoint({ methods: ['POST'], rateLimit }, async (req, context) => {
    const d = deps(context);
    if (d.writesRefused) throw new HttpError(403, d.writesRefused);
    const storage = d.storage();
    const bytes = await readLimitedBytes(req, PHOTO_LIMITS.maxBytes);
    let photo: Awaited<ReturnType<typeof processPhoto>>;
    try {
      photo = await processPhoto(bytes, d.slots);
    } catch (error) {
      if (error instanceof PhotoError) throw new HttpError(400, error.message, {}, { photo: error.message });
      throw error;
    }
    const log = d.log ?? console.error;
    const id = newPhotoId();
    const store = await storeCall(d.store, log);
    // The upload row first: if storing its files fails, nobody has its id and the row expires with whatever was
    // written (the clean-up deletes both), so no file is ever left without a row.
    await storeCall(
      () =>
        store.storePhotoUpload({
          id,
          width: photo.width,
          height: photo.height,
          widths: photo.widths,
          placeholder: photo.placeholder,
        }),
      log,
    );
    try {
      await storage.save(id, variantFiles(photo));
    } catch (error) {
      log(`Photo storage failed: ${errorText(error)}`);
      throw new StoreUnavailable('The photo could not be stored just now: please try again');
    }
    return json(201, { id, width: photo.width, height: photo.height, placeholder: photo.placeholder });
  });
}
