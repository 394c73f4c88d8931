/**
 * Owners' photos: untrusted bytes in, clean images out. The type is read from the bytes (never the name
 * or the declared type); sharp decodes them with a pixel cap (decompression bombs), turns them upright by their
 * EXIF orientation, and re-encodes responsive variants with no metadata at all (sharp writes none unless asked:
 * no GPS position, no camera serial, no embedded thumbnail), plus a tiny blurred placeholder.
 */
import sharp, { type Sharp } from 'sharp';
import { type PhotoFile, photoFileName } from '../../data/photos/storage';
import { MIME, OG_WIDTH, VARIANT_FORMATS, type VariantFormat } from '../../domain/photos';
import { type PhotoSlots, sharedPhotoSlots } from './slots';

/** Formats accepted, by their bytes. */
export type PhotoType = 'jpeg' | 'png' | 'webp' | 'avif';

/** What one photo may be. The browser shrinks photos to a 2,560 px long side first; these stop everything else. */
export const PHOTO_LIMITS = {
  /** Bytes of one upload: a 2,560 px JPEG is 1-3 MB; Netlify refuses request bodies over 6 MB anyway. */
  maxBytes: 5 * 1024 * 1024,
  /**
   * Pixels, read from the header before anything is decoded. A JPEG is decoded shrunk (sharp's shrink-on-load reads
   * it at 1/2, 1/4 or 1/8 size), so a phone's 48-megapixel photo costs little; other formats decode every pixel, so
   * they are held to what the browser's 2,560 px shrink sends, with room to spare (a 40 MP PNG of 126 KB took 3.6 s).
   */
  maxPixels: 50_000_000,
  maxPixelsFullDecode: 12_000_000,
  /** Longest side over shortest: a panorama fits, a sliver made to cost work does not. */
  maxAspect: 4,
  /** Smallest side: a photo smaller than a thumbnail shows nothing of the place. */
  minSide: 200,
  maxPhotos: 8,
} as const;

/** Widths of the stored variants; a photo narrower than one gets its own width instead of an enlargement. */
export const VARIANT_WIDTHS = [400, 800, 1600] as const;

/** A photo refused, with the reason the owner reads beside it. */
export class PhotoError extends Error {
  override name = 'PhotoError';
}

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  signature.every((b, i) => bytes[offset + i] === b);
const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/** The image type the bytes declare by their signature, or null for anything else (SVG, GIF, HEIC, text...). */
export function sniffPhotoType(bytes: Uint8Array): PhotoType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  // ISO BMFF: a box of type 'ftyp' whose major brand is an AVIF one.
  if (ascii(bytes, 4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(bytes, 8, 12))) return 'avif';
  return null;
}

// Markup or script inside an image file is a polyglot: harmless once re-encoded, but never a real photo.
const POLYGLOT = /<(script|html|svg|iframe|body|\?php)\b/i;

/** One stored variant of a photo. */
export interface PhotoVariant {
  width: number;
  format: VariantFormat;
  data: Buffer;
}

/** A photo made safe: its upright size, its variants and its placeholder (a data: URI of a few hundred bytes). */
export interface ProcessedPhoto {
  width: number;
  height: number;
  widths: number[];
  placeholder: string;
  variants: PhotoVariant[];
}

/**
 * Encoder settings, chosen for the owner's wait as much as the traveler's bytes (docs/performance.md,
 * "Measurements", 2026-11-27 `photos`). AVIF at 38 looks like JPEG at about 80 and keeps a card's 800 px photo near
 * 20 KB (budget: 25 KB); effort 1 makes files from 12% smaller to 15% larger than effort 2's in well under half the
 * time (a 1,600 px variant 0.15-0.2 s instead of 0.35-0.8 s). JPEG is only the fallback for browsers that read
 * neither AVIF nor WebP, and the share image: libjpeg's own encoder, 6-7 times faster than mozjpeg's for 8-12% more
 * bytes that a current browser never downloads.
 */
const ENCODE: Record<VariantFormat, (s: Sharp) => Sharp> = {
  avif: (s) => s.avif({ quality: 38, effort: 1 }),
  webp: (s) => s.webp({ quality: 74 }),
  jpeg: (s) => s.jpeg({ quality: 78 }),
};

/** A processed photo's variants as the files storage keeps (`800.webp`, ...). */
export const variantFiles = (photo: ProcessedPhoto): PhotoFile[] =>
  photo.variants.map((v) => ({
    name: photoFileName(v.width, v.format),
    data: v.data,
    contentType: MIME[v.format],
  }));

/** The widths to store for a photo this wide: each standard width it reaches, else its own width. */
export function variantWidths(width: number): number[] {
  const fits = VARIANT_WIDTHS.filter((w) => w <= width);
  return fits.length > 0 ? [...fits] : [width];
}

/**
 * Checks and re-encodes one uploaded photo; throws a PhotoError with the owner's message when it is refused. The
 * checks read the header only and run at once; the decoding waits for one of the server's photo slots (./slots.ts).
 */
export async function processPhoto(
  input: Uint8Array,
  slots: PhotoSlots = sharedPhotoSlots,
): Promise<ProcessedPhoto> {
  if (input.byteLength === 0) throw new PhotoError('This file is empty.');
  if (input.byteLength > PHOTO_LIMITS.maxBytes)
    throw new PhotoError(`This file is larger than ${PHOTO_LIMITS.maxBytes / 1024 / 1024} MB.`);
  const type = sniffPhotoType(input);
  if (!type) throw new PhotoError('This file is not a JPEG, PNG, WebP or AVIF photo.');
  if (POLYGLOT.test(Buffer.from(input).toString('latin1')))
    throw new PhotoError('This file holds more than a photo (markup or script), so it is refused.');
  const cap = type === 'jpeg' ? PHOTO_LIMITS.maxPixels : PHOTO_LIMITS.maxPixelsFullDecode;
  let width: number;
  let height: number;
  try {
    // The header only: metadata() decodes no pixel.
    const meta = await sharp(input, { failOn: 'truncated', limitInputPixels: false }).metadata();
    if (meta.format !== type && !(type === 'avif' && meta.format === 'heif'))
      throw new PhotoError('This file is not the photo it claims to be.');
    if ((meta.pages ?? 1) > 1) throw new PhotoError('Animated images are not accepted: please send a photo.');
    // Width and height as displayed: orientations 5-8 swap them.
    const turned = (meta.orientation ?? 1) >= 5;
    width = turned ? (meta.height ?? 0) : (meta.width ?? 0);
    height = turned ? (meta.width ?? 0) : (meta.height ?? 0);
  } catch (error) {
    if (error instanceof PhotoError) throw error;
    throw refusal(error);
  }
  if (Math.max(width, height) > PHOTO_LIMITS.maxAspect * Math.min(width, height))
    throw new PhotoError(
      `This photo is too long and narrow (more than ${PHOTO_LIMITS.maxAspect} times longer than wide).`,
    );
  if (width * height > cap)
    throw new PhotoError(`This photo has too many pixels (over ${cap / 1_000_000} megapixels).`);
  if (Math.min(width, height) < PHOTO_LIMITS.minSide)
    throw new PhotoError(`This photo is too small (under ${PHOTO_LIMITS.minSide} pixels on a side).`);
  return slots.run(() => encodePhoto(input, { width, height, cap }));
}

/** The variants and placeholder of a photo whose header passed the checks. */
async function encodePhoto(
  input: Uint8Array,
  { width, height, cap }: { width: number; height: number; cap: number },
): Promise<ProcessedPhoto> {
  const options = { limitInputPixels: cap, failOn: 'truncated' } as const;
  try {
    // One decode: the photo upright at the largest width stored (a JPEG shrunk on load), kept as raw pixels that
    // every variant is made from.
    const largest = Math.min(width, Math.max(...VARIANT_WIDTHS));
    const base = await sharp(input, options)
      .autoOrient()
      .resize({ width: largest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels };
    const upright = sharp(base.data, { raw });
    const widths = variantWidths(width);
    const variants: PhotoVariant[] = [];
    for (const w of widths) {
      const resized = upright.clone().resize({ width: w, withoutEnlargement: true });
      for (const format of VARIANT_FORMATS)
        variants.push({ width: w, format, data: await ENCODE[format](resized.clone()).toBuffer() });
    }
    // The share image (og:image) is 1200 px wide, a JPEG as every social site reads: only for a photo that wide.
    if (width >= OG_WIDTH)
      variants.push({
        width: OG_WIDTH,
        format: 'jpeg',
        data: await ENCODE.jpeg(upright.clone().resize({ width: OG_WIDTH })).toBuffer(),
      });
    const tiny = await upright.clone().resize({ width: 16 }).blur(1).webp({ quality: 40 }).toBuffer();
    return {
      width,
      height,
      widths,
      placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
      variants,
    };
  } catch (error) {
    throw refusal(error);
  }
}

/** sharp's decoding failures, as the owner reads them. */
function refusal(error: unknown): PhotoError {
  const text = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(text)) return new PhotoError('This photo has too many pixels.');
  return new PhotoError('This photo could not be read: the file is damaged or incomplete.');
}
