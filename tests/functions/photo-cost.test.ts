import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PhotoError, processPhoto } from '../../src/server/photos/process';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 90, g: 140, b: 60 } } })
    .png({ compressionLevel: 9 })
    .toBuffer();

describe('photo work is bounded before decoding', () => {
  it('refuses a 40-megapixel PNG of a few KB from its header: 8 at once are each answered within 2 s', async () => {
    const bomb = await png(8000, 5000);
    const started = performance.now();
    const answers = await Promise.allSettled(Array.from({ length: 8 }, () => processPhoto(bomb)));
    expect(performance.now() - started).toBeLessThan(2000);
    for (const a of answers) expect(a.status === 'rejected' && a.reason instanceof PhotoError).toBe(true);
  }, 30_000);

  it('refuses a sliver (1600 x 25000) from its header, at once', async () => {
    const sliver = await png(1600, 25000);
    const started = performance.now();
    await expect(processPhoto(sliver)).rejects.toThrow(/narrow|long|shape/i);
    expect(performance.now() - started).toBeLessThan(500);
  }, 30_000);

  it("still accepts a phone's 48-megapixel JPEG", async () => {
    const jpeg = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#4a7' } })
      .jpeg({ quality: 50 })
      .toBuffer();
    const photo = await processPhoto(jpeg);
    expect(photo.width).toBe(8000);
  }, 60_000);
});
