import { MIME, OG_WIDTH, VARIANT_FORMATS, type VariantFormat } from '../../domain/photos';

/** One file of a photo: a variant such as `800.webp`. */
export interface PhotoFile {
  name: string;
  data: Buffer;
  contentType: string;
}

/**
 * Where photo files live: one port, two adapters (a folder under .data/ locally, Supabase Storage in
 * production). Each photo has a private copy, never served, and a public copy that exists only while its listing is
 * verified. Every operation is idempotent, so a failed step is simply run again.
 */
export interface PhotoStorage {
  /** Stores a photo's files privately. */
  save(photoId: string, files: readonly PhotoFile[]): Promise<void>;
  /** Copies a photo's files to the public side (its listing is verified). */
  publish(photoId: string, names: readonly string[]): Promise<void>;
  /** Removes a photo's public files (its listing was rejected or unpublished, or the photo removed). */
  withdraw(photoId: string, names: readonly string[]): Promise<void>;
  /** Deletes a photo entirely, public and private. */
  remove(photoId: string, names: readonly string[]): Promise<void>;
  /** One private file, for staff to see a photo before it is public; null when there is none. */
  read(photoId: string, name: string): Promise<Buffer | null>;
}

/** The file of one variant, as its public address ends (src/domain/photos.ts photoUrl). */
export const photoFileName = (width: number, format: VariantFormat): string =>
  `${width}.${format === 'jpeg' ? 'jpg' : format}`;

/** The file names of a photo stored in these widths (and its share image when it is at least OG_WIDTH wide). */
export const photoFileNames = (widths: readonly number[], width = 0): string[] => [
  ...widths.flatMap((w) => VARIANT_FORMATS.map((f) => photoFileName(w, f))),
  ...(width >= OG_WIDTH ? [photoFileName(OG_WIDTH, 'jpeg')] : []),
];

/** A photo id: 64 random bits, URL-safe (11 characters), so no photo's address can be guessed. */
export const PHOTO_ID = /^[A-Za-z0-9_-]{11}$/;

/** The content type of a photo file, by the extension our own code gave it. */
export const contentTypeOf = (name: string): string =>
  name.endsWith('.jpg') ? MIME.jpeg : name.endsWith('.webp') ? MIME.webp : MIME.avif;
