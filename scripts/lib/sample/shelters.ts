import type { AccommodationType } from '../../../src/domain/lists';

/**
 * The sample photos (./photos.ts) draw each kind of shelter, so a listing's cover shows its own
 * kind: a yurt shows a yurt. Each kind has a short key; a photo's id is `smp-{key}-{variant}` (11 characters, like
 * an upload's id).
 */
export const SHELTER_KEYS: Record<AccommodationType, string> = {
  'Safari Tents': 'safar',
  Yurts: 'yurts',
  Treehouses: 'trees',
  'Tiny Houses': 'tinyh',
  Cabins: 'cabin',
  'Domes (Geodomes)': 'domes',
  'Airstream Trailers': 'airst',
  'Vintage Campers': 'vintg',
  'Canvas Tents': 'canvs',
  'Bell Tents': 'bellt',
  'A-Frame Cabins': 'afram',
  'Container Homes': 'contn',
  "Shepherd's Huts": 'sheph',
  'Tipis/Teepees': 'tipis',
  'Luxury Camping': 'luxur',
  'Resort Glamping': 'resor',
  'Eco-Tents': 'ecotn',
  'Event Glamping': 'event',
};

/** Photos per kind of shelter: the same shelter in other light and season. */
export const SHELTER_VARIANTS = 2;

export const shelterPhotoId = (type: AccommodationType, variant: number) =>
  `smp-${SHELTER_KEYS[type]}-${variant}`;

/** True when a pool photo shows this kind of shelter. */
export const showsShelter = (photoId: string, type: AccommodationType) =>
  photoId.startsWith(`smp-${SHELTER_KEYS[type]}-`);
