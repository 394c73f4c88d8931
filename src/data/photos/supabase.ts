import { createClient } from '@supabase/supabase-js';
import { PHOTO_ID, type PhotoStorage } from './storage';

/** The two buckets (created by supabase/migrations/20261123070000_photo_buckets.sql). */
export const PHOTO_BUCKETS = { private: 'listing-photos-private', public: 'listing-photos' } as const;

/**
 * Photos in Supabase Storage with the service-role key: the private bucket has no public access (no URL works
 * without the key); publishing copies into the public bucket, withdrawing deletes from it.
 */
export function supabasePhotoStorage(url: string, serviceKey: string): PhotoStorage {
  const storage = createClient(url, serviceKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  }).storage;
  const fail = (what: string, error: { message: string } | null) => {
    if (error) throw new Error(`Photo storage ${what} failed: ${error.message}`);
  };
  const check = (photoId: string) => {
    if (!PHOTO_ID.test(photoId)) throw new Error(`Bad photo id ${photoId}`);
  };
  return {
    async save(photoId, files) {
      check(photoId);
      for (const f of files) {
        const { error } = await storage
          .from(PHOTO_BUCKETS.private)
          .upload(`${photoId}/${f.name}`, f.data, { contentType: f.contentType, upsert: true });
        fail('upload', error);
      }
    },
    async publish(photoId, names) {
      check(photoId);
      // Copy refuses to overwrite: what an earlier, interrupted publish copied is removed first.
      const paths = names.map((n) => `${photoId}/${n}`);
      fail('withdraw before publish', (await storage.from(PHOTO_BUCKETS.public).remove(paths)).error);
      for (const path of paths) {
        const { error } = await storage
          .from(PHOTO_BUCKETS.private)
          .copy(path, path, { destinationBucket: PHOTO_BUCKETS.public });
        fail('publish', error);
      }
    },
    async withdraw(photoId, names) {
      check(photoId);
      fail(
        'withdraw',
        (await storage.from(PHOTO_BUCKETS.public).remove(names.map((n) => `${photoId}/${n}`))).error,
      );
    },
    async read(photoId, name) {
      check(photoId);
      const { data, error } = await storage.from(PHOTO_BUCKETS.private).download(`${photoId}/${name}`);
      if (error || !data) return null;
      return Buffer.from(await data.arrayBuffer());
    },
    async remove(photoId, names) {
      check(photoId);
      const paths = names.map((n) => `${photoId}/${n}`);
      fail('remove', (await storage.from(PHOTO_BUCKETS.public).remove(paths)).error);
      fail('remove', (await storage.from(PHOTO_BUCKETS.private).remove(paths)).error);
    },
  };
}
