import { type PhotoStorage, photoFileNames } from '../../data/photos/storage';
import type { Store } from '../../data/store';
import { OG_WIDTH } from '../../domain/photos';

// Apart from the upload handler, so the hourly clean-up function does not bundle the image library.
/** Deletes the uploads no submission took within a day, with their files; returns how many. */
export async function expireUploads(store: Store, storage: PhotoStorage): Promise<number> {
  const expired = await store.expirePhotoUploads();
  // Every file a photo may have: removing one that was never written is no error.
  for (const u of expired) await storage.remove(u.id, photoFileNames(u.widths, OG_WIDTH));
  return expired.length;
}
