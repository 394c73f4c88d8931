/**
 * Photos for the sample listings, drawn here (no download) and the same on every machine: each kind of
 * shelter in a landscape, in two lights (a clear day, a golden evening in autumn), processed like an upload and
 * published. A listing's photos show its own kind of shelter (./shelters.ts); listings share the pool,
 * so seeding 1,200 listings encodes a few dozen photos, not thousands.
 */
import sharp from 'sharp';
import { type PhotoStorage, photoFileNames } from '../../../src/data/photos/storage';
import { ACCOMMODATION_TYPES, type AccommodationType } from '../../../src/domain/lists';
import type { ListingPhoto } from '../../../src/domain/schemas/listing';
import { processPhoto, variantFiles } from '../../../src/server/photos/process';
import { shelterShape } from './shelter-shapes';
import { SHELTER_VARIANTS, shelterPhotoId } from './shelters';

/** Sky (top, horizon), far hills, near ground, sun: a clear day, then a golden autumn evening. */
const LIGHTS = [
  { sky: ['#5d8fc2', '#cfe8f7'], far: '#55784d', near: '#3f6e4a', sun: '#fff7d6', sunY: 140 },
  { sky: ['#3f5f8f', '#f6c28b'], far: '#8a6a3a', near: '#6b5a2f', sun: '#ffd27a', sunY: 330 },
] as const;

/** Every photo of the pool: each kind of shelter in each light. */
export const SAMPLE_POOL = ACCOMMODATION_TYPES.flatMap((type) =>
  Array.from({ length: SHELTER_VARIANTS }, (_, variant) => ({ type, variant })),
);

/** The drawing of one pool photo, as SVG. */
export function sampleScene(type: AccommodationType, variant: number, i: number): string {
  const light = LIGHTS[variant % LIGHTS.length]!;
  const x = 260 + ((i * 137) % 300);
  const sunX = 180 + ((i * 211) % 840);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light.sky[0]}"/><stop offset="1" stop-color="${light.sky[1]}"/></linearGradient></defs>
    <rect width="1200" height="800" fill="url(#s)"/>
    <circle cx="${sunX}" cy="${light.sunY}" r="58" fill="${light.sun}" opacity="0.9"/>
    <path d="M0 520 Q 300 ${380 + ((i * 23) % 80)} 600 500 T 1200 470 V 800 H 0 Z" fill="${light.far}"/>
    <path d="M0 560 Q 400 ${500 + ((i * 41) % 50)} 800 560 T 1200 540 V 800 H 0 Z" fill="${light.near}"/>
    <g transform="translate(${x} 610) scale(1.55) translate(${-x} -610)">${shelterShape(type, x, 610)}</g>
    <path d="M0 680 Q 500 ${640 + ((i * 17) % 30)} 1200 690 V 800 H 0 Z" fill="${light.near}" opacity="0.9"/>
  </svg>`;
}

/**
 * The pool's photos, drawn, processed and published in `storage`; returns their descriptions for the listings that
 * show them.
 */
export async function samplePhotoPool(storage: PhotoStorage): Promise<ListingPhoto[]> {
  const pool: ListingPhoto[] = [];
  for (const [i, { type, variant }] of SAMPLE_POOL.entries()) {
    const png = await sharp(Buffer.from(sampleScene(type, variant, i)))
      .png()
      .toBuffer();
    const photo = await processPhoto(png);
    const id = shelterPhotoId(type, variant);
    await storage.save(id, variantFiles(photo));
    await storage.publish(id, photoFileNames(photo.widths, photo.width));
    pool.push({
      id,
      width: photo.width,
      height: photo.height,
      widths: photo.widths,
      caption: null,
      placeholder: photo.placeholder,
    });
  }
  return pool;
}
