import { type KeyboardEvent, useState } from 'react';
import { photoAlt, photoSrcset, photoUrl, widthFor } from '../../domain/photos';
import type { ListingPhoto } from '../../domain/schemas/listing';

const SIZES = '(min-width: 42rem) 40rem, 100vw';

/**
 * A listing's photos in the detail dialog: one at a time at 3:2, the blurred placeholder behind it while it
 * loads, Previous / Next buttons and the arrow keys, and which photo of how many is announced.
 */
export function PhotoGallery({
  photos,
  name,
  base,
}: {
  photos: readonly ListingPhoto[];
  name: string;
  base: string;
}) {
  const [index, setIndex] = useState(0);
  const current = Math.min(index, photos.length - 1);
  const photo = photos[current];
  if (!photo) return null;
  const step = (by: number) => setIndex((current + by + photos.length) % photos.length);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') step(1);
    else if (e.key === 'ArrowLeft') step(-1);
    else return;
    e.preventDefault();
  };
  const alt = photoAlt(photo, current, name);
  return (
    <section aria-label={`Photos of ${name}`} onKeyDown={onKeyDown} className="-mx-5 -mt-5 sm:-mx-6 sm:-mt-6">
      <picture
        className="block aspect-[3/2] bg-stone-200 bg-cover bg-center"
        style={{ backgroundImage: `url(${photo.placeholder})` }}
      >
        <source type="image/avif" srcSet={photoSrcset(base, photo, 'avif')} sizes={SIZES} />
        <source type="image/webp" srcSet={photoSrcset(base, photo, 'webp')} sizes={SIZES} />
        <img
          key={photo.id}
          src={photoUrl(base, photo.id, widthFor(photo, 800), 'jpeg')}
          srcSet={photoSrcset(base, photo, 'jpeg')}
          sizes={SIZES}
          alt={alt}
          width={photo.width}
          height={photo.height}
          className="h-full w-full object-cover"
        />
      </picture>
      {photos.length > 1 && (
        <div className="flex items-center justify-between gap-2 px-5 pt-2 text-sm sm:px-6">
          <button
            type="button"
            onClick={() => step(-1)}
            className="rounded-md border border-stone-300 px-3 py-1"
          >
            Previous photo
          </button>
          <p aria-live="polite">
            Photo {current + 1} of {photos.length}
          </p>
          <button
            type="button"
            onClick={() => step(1)}
            className="rounded-md border border-stone-300 px-3 py-1"
          >
            Next photo
          </button>
        </div>
      )}
    </section>
  );
}
