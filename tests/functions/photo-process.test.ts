import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  PHOTO_LIMITS,
  PhotoError,
  processPhoto,
  sniffPhotoType,
  variantWidths,
} from '../../src/server/photos/process';
import { bomb, gif, phoneJpeg, photo, polyglot, svg } from './photo-files';

const refusal = async (bytes: Uint8Array) => {
  try {
    await processPhoto(bytes);
  } catch (error) {
    if (error instanceof PhotoError) return error.message;
    throw error;
  }
  return 'accepted';
};

describe('which files are photos', () => {
  it.each(['jpeg', 'png', 'webp', 'avif'] as const)('reads %s from its bytes', async (format) => {
    expect(sniffPhotoType(await photo({ width: 300, height: 200, format }))).toBe(format);
  });

  it('refuses everything else by its bytes, whatever it is called, each with its reason', async () => {
    expect(await refusal(new Uint8Array())).toBe('This file is empty.');
    expect(await refusal(svg)).toBe('This file is not a JPEG, PNG, WebP or AVIF photo.');
    expect(await refusal(await gif())).toBe('This file is not a JPEG, PNG, WebP or AVIF photo.');
    expect(await refusal(Buffer.from('%PDF-1.7 not a photo'))).toBe(
      'This file is not a JPEG, PNG, WebP or AVIF photo.',
    );
    expect(await refusal(await polyglot())).toBe(
      'This file holds more than a photo (markup or script), so it is refused.',
    );
    expect(await refusal(await bomb())).toBe('This photo has too many pixels (over 12 megapixels).');
    const whole = await photo();
    expect(await refusal(whole.subarray(0, Math.floor(whole.length / 2)))).toBe(
      'This photo could not be read: the file is damaged or incomplete.',
    );
    expect(await refusal(await photo({ width: 150, height: 150 }))).toBe(
      'This photo is too small (under 200 pixels on a side).',
    );
    expect(await refusal(Buffer.alloc(PHOTO_LIMITS.maxBytes + 1, 0xff))).toBe(
      'This file is larger than 5 MB.',
    );
  });
});

describe('a stored photo', () => {
  it('is upright, carries no metadata (no GPS, no camera), in three widths and three formats', async () => {
    const input = await phoneJpeg();
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.toString('latin1')).toContain('PhoneMaker');

    const out = await processPhoto(input);
    expect({ width: out.width, height: out.height, widths: out.widths }).toEqual({
      width: 800,
      height: 1200,
      widths: [400, 800],
    });
    expect(out.variants.map((v) => `${v.width}.${v.format}`)).toEqual([
      '400.avif',
      '400.webp',
      '400.jpeg',
      '800.avif',
      '800.webp',
      '800.jpeg',
    ]);
    for (const v of out.variants) {
      const meta = await sharp(v.data).metadata();
      expect(meta.format === 'heif' ? 'avif' : meta.format).toBe(v.format);
      expect(meta.width).toBe(v.width);
      expect(meta.height).toBe(v.width * 1.5);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(v.data.toString('latin1')).not.toContain('PhoneMaker');
    }
    expect(out.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(out.placeholder.length).toBeLessThan(600);
  });

  it('never enlarges: a narrow photo keeps its own width', () => {
    expect(variantWidths(2560)).toEqual([400, 800, 1600]);
    expect(variantWidths(1000)).toEqual([400, 800]);
    expect(variantWidths(300)).toEqual([300]);
  });
});
