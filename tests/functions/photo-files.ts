import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/**
 * Photo files for tests, made here (no download): a noisy picture compresses like a real photo. Each helper gives
 * the bytes a phone or an attacker could send.
 */
export async function photo(
  options: { width?: number; height?: number; format?: 'jpeg' | 'png' | 'webp' | 'avif'; seed?: number } = {},
): Promise<Buffer> {
  const { width = 1200, height = 800, format = 'jpeg', seed = 1 } = options;
  const pixels = Buffer.alloc(width * height * 3);
  let x = seed * 7919;
  for (let i = 0; i < pixels.length; i += 3) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    const p = i / 3;
    pixels[i] = (p % width) % 256;
    pixels[i + 1] = Math.floor(p / width) % 256;
    pixels[i + 2] = x % 256;
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return image.toFormat(format, format === 'avif' ? { effort: 0 } : {}).toBuffer();
}

/**
 * A JPEG as a phone writes it: EXIF with a GPS position, the camera, and orientation 6 (stored sideways, shown
 * upright after a quarter turn clockwise), 1200 x 800 as stored, so 800 x 1200 as shown.
 */
export async function phoneJpeg(): Promise<Buffer> {
  const stored = await photo({ width: 1200, height: 800 });
  return sharp(stored)
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 15', Orientation: '6' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 26/1 46/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '79/1 58/1 56/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

export const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><script>alert(1)</script></svg>',
);

/** A real GIF (one frame). */
export const gif = () =>
  sharp({ create: { width: 300, height: 300, channels: 3, background: '#abc' } })
    .gif()
    .toBuffer();

/** A valid JPEG with an HTML page appended: opens as a picture and as a page. */
export const polyglot = async () =>
  Buffer.concat([
    await photo({ width: 400, height: 300 }),
    Buffer.from('<html><script>alert(1)</script></html>'),
  ]);

/** A small PNG whose header declares 30,000 x 30,000 pixels (900 megapixels): a decompression bomb's shape. */
export async function bomb(): Promise<Buffer> {
  const png = Buffer.from(await photo({ width: 300, height: 300, format: 'png' }));
  // IHDR is the first chunk: length (4), type (4), width (4), height (4), ..., its CRC over type and data.
  png.writeUInt32BE(30_000, 16);
  png.writeUInt32BE(30_000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}
