import type { ListingPhoto } from './schemas/listing';

/** The formats every photo is stored in, best first (what a <picture> offers). */
export const VARIANT_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

const EXTENSION: Record<VariantFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };
export const MIME: Record<VariantFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};

/** The public address of one variant, under the configured photo origin (`/photos` locally). */
export const photoUrl = (base: string, id: string, width: number, format: VariantFormat): string =>
  `${base}/${id}/${width}.${EXTENSION[format]}`;

/** Width of a photo's share image (og:image): a 1200 px JPEG, stored when the photo is at least that wide. */
export const OG_WIDTH = 1200;

/** The listing's share image: its cover's 1200 px JPEG, else the cover's widest JPEG, with its size; null without. */
export function coverShareImage(
  base: string,
  photos: readonly ListingPhoto[],
): { url: string; width: number; height: number } | null {
  const cover = photos[0];
  if (!cover) return null;
  const width = cover.width >= OG_WIDTH ? OG_WIDTH : Math.max(...cover.widths);
  return {
    url: photoUrl(base, cover.id, width, 'jpeg'),
    width,
    height: Math.round((cover.height * width) / cover.width),
  };
}

/** A `srcset` of one format: every stored width. */
export const photoSrcset = (
  base: string,
  photo: Pick<ListingPhoto, 'id' | 'widths'>,
  format: VariantFormat,
): string => photo.widths.map((w) => `${photoUrl(base, photo.id, w, format)} ${w}w`).join(', ');

/** A photo's alt text: the owner's caption, else its place among the listing's photos. */
export const photoAlt = (photo: ListingPhoto, index: number, propertyName: string): string =>
  photo.caption?.trim() || `Photo ${index + 1} of ${propertyName}`;

/** The widest stored variant no wider than `max` (the smallest one when all are wider). */
export function widthFor(photo: ListingPhoto, max: number): number {
  const fitting = photo.widths.filter((w) => w <= max);
  return fitting.length > 0 ? Math.max(...fitting) : Math.min(...photo.widths);
}
