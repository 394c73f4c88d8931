import type { BrowseListing } from '../../domain/browse-data';
import { photoUrl } from '../../domain/photos';
import { listingPath } from '../../domain/slug';
import { ViewDetailsButton } from '../listing/ViewDetailsButton';

/**
 * The small card a marker opens over the map (photo, name, type, place, a way to the details), so a traveler can
 * look at several places without leaving the map; the dialog opens only when asked.
 */
export function MapPreview({
  listing,
  photoBase,
  onOpen,
  onClose,
}: {
  listing: BrowseListing;
  photoBase: string;
  onOpen: (slug: string) => void;
  onClose: () => void;
}) {
  const cover = listing.cover;
  return (
    <section
      aria-label={`Preview of ${listing.property_name}`}
      className="absolute right-3 bottom-3 left-3 z-[1000] flex gap-3 rounded-xl bg-white p-2 text-stone-900 shadow-lg ring-1 ring-stone-200 sm:right-auto sm:w-96"
    >
      {cover ? (
        <img
          src={photoUrl(photoBase, cover.id, cover.widths[0] ?? 400, 'jpeg')}
          alt=""
          width={112}
          height={75}
          className="aspect-[3/2] w-28 shrink-0 rounded-lg bg-stone-200 object-cover"
        />
      ) : (
        <div aria-hidden="true" className="w-28 shrink-0 rounded-lg bg-stone-200" />
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold">
          <a href={listingPath(listing.slug)} className="hover:underline">
            {listing.property_name}
          </a>
        </p>
        <p className="truncate text-sm text-stone-600">
          {listing.accommodation_type} · {listing.city}, {listing.state}
        </p>
        <ViewDetailsButton
          name={listing.property_name}
          onOpen={() => onOpen(listing.slug)}
          className="mt-1.5 rounded-md bg-emerald-800 px-3 py-1.5 text-sm font-semibold text-white hover:bg-emerald-900"
        />
      </div>
      <button
        type="button"
        onClick={onClose}
        aria-label="Close preview"
        className="size-8 shrink-0 rounded-full text-lg leading-none text-stone-600 hover:bg-stone-100"
      >
        ×
      </button>
    </section>
  );
}
