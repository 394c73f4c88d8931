/**
 * Photos for the sample listings (issue 12), drawn here (no download) and the same on every machine: a small pool of
 * landscapes with a tent, a dome, a cabin or a treehouse, processed like an upload and published. Sample listings
 * share the pool, so seeding 1,200 listings encodes a dozen photos, not thousands.
 */
import sharp from 'sharp';
import { type PhotoStorage, photoFileNames } from '../../data/photos/storage';
import type { ListingPhoto } from '../../domain/schemas/listing';
import { processPhoto, variantFiles } from './process';

const SKIES = [
  ['#f6c28b', '#7fb3d5'],
  ['#fde2a7', '#5d8fc2'],
  ['#f4a48c', '#3f5f8f'],
  ['#cfe8f7', '#8ec5e8'],
  ['#ffd9a0', '#b07cc6'],
  ['#e6f2d8', '#6fa7c9'],
];
const HILLS = ['#3f6e4a', '#55784d', '#2f5d50', '#6b7f45', '#4a6b3a', '#35584a'];
const SHELTERS = ['tent', 'dome', 'cabin', 'treehouse'] as const;

/** How many photos the pool has, and its ids (11 characters, like an upload's). */
export const SAMPLE_POOL_SIZE = 12;
export const samplePhotoId = (i: number) => `sample-ph${String(i).padStart(2, '0')}`;

function scene(i: number): string {
  const [top, bottom] = SKIES[i % SKIES.length] ?? SKIES[0]!;
  const hill = HILLS[(i * 5) % HILLS.length];
  const far = HILLS[(i * 5 + 3) % HILLS.length];
  const shelter = SHELTERS[i % SHELTERS.length];
  const x = 380 + ((i * 137) % 420);
  const shape =
    shelter === 'tent'
      ? `<polygon points="${x},470 ${x + 150},470 ${x + 75},360" fill="#f3ead8" stroke="#8b6b4a" stroke-width="6"/>`
      : shelter === 'dome'
        ? `<path d="M${x} 480 A95 95 0 0 1 ${x + 190} 480 Z" fill="#eef1f3" stroke="#9aa5ad" stroke-width="5"/>`
        : shelter === 'cabin'
          ? `<rect x="${x}" y="400" width="170" height="90" fill="#8b5a3c"/><polygon points="${x - 15},405 ${x + 185},405 ${x + 85},340" fill="#5b3a29"/>`
          : `<rect x="${x + 70}" y="380" width="24" height="120" fill="#5b3a29"/><rect x="${x}" y="300" width="165" height="80" fill="#a0714f"/><polygon points="${x - 10},305 ${x + 175},305 ${x + 82},250" fill="#6b4530"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bottom}"/><stop offset="1" stop-color="${top}"/></linearGradient></defs>
    <rect width="1200" height="800" fill="url(#s)"/>
    <circle cx="${200 + ((i * 91) % 800)}" cy="${150 + ((i * 37) % 120)}" r="60" fill="#fff3c4" opacity="0.85"/>
    <path d="M0 520 Q 300 ${380 + ((i * 23) % 80)} 600 500 T 1200 470 V 800 H 0 Z" fill="${far}"/>
    ${shape}
    <path d="M0 600 Q 400 ${520 + ((i * 41) % 60)} 800 610 T 1200 580 V 800 H 0 Z" fill="${hill}"/>
  </svg>`;
}

/**
 * The pool's photos, drawn, processed and published in `storage` unless already there (`exists` says); returns their
 * descriptions for the listings that show them.
 */
export async function samplePhotoPool(storage: PhotoStorage): Promise<ListingPhoto[]> {
  const pool: ListingPhoto[] = [];
  for (let i = 0; i < SAMPLE_POOL_SIZE; i++) {
    const png = await sharp(Buffer.from(scene(i)))
      .png()
      .toBuffer();
    const photo = await processPhoto(png);
    const id = samplePhotoId(i);
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
