import sharp from 'sharp';

/**
 * The largest photo a phone sends (48 MP JPEG, 8000 x 6000, about 2 MB): the most pixels and the most work one
 * upload may bring. Drawn with noise so that it compresses like a photograph. Used by the photo bench and the
 * photo-load test alike.
 */
export function largestPhonePhoto(): Promise<Buffer> {
  return sharp({
    create: {
      width: 8000,
      height: 6000,
      channels: 3,
      background: '#6a8',
      noise: { type: 'gaussian', mean: 128, sigma: 12 },
    },
  })
    .jpeg({ quality: 40 })
    .toBuffer();
}
