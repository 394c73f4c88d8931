import { useState } from 'react';
import type { ListingPhoto } from '../../domain/schemas/listing';

/**
 * The listing's photos as staff see them, public or not yet (served to staff only by /api/staff/photos/), with the
 * moderation actions: make one the cover, remove one (after confirming).
 */
export function StaffPhotos({
  photos,
  name,
  busy,
  onAct,
}: {
  photos: readonly ListingPhoto[];
  name: string;
  busy: boolean;
  onAct: (action: 'photo-cover' | 'photo-remove', photo: string) => void;
}) {
  const [removing, setRemoving] = useState<string | null>(null);
  return (
    <section aria-label="Photos" className="mt-6">
      <h3 className="font-semibold">Photos ({photos.length})</h3>
      {photos.length === 0 ? (
        <p className="text-sm text-stone-700">No photos.</p>
      ) : (
        <ol className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {photos.map((p, i) => (
            <li key={p.id} className="text-sm">
              <img
                src={`/api/staff/photos/${p.id}/${Math.min(...p.widths)}.jpg`}
                alt={p.caption ?? `Photo ${i + 1} of ${name}`}
                className="aspect-[3/2] w-full rounded bg-stone-200 object-cover"
              />
              <p className="mt-1">{i === 0 ? 'Cover' : `Photo ${i + 1}`}</p>
              <div className="mt-1 flex flex-wrap gap-1">
                {i > 0 && (
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => onAct('photo-cover', p.id)}
                    className="rounded border px-2 py-0.5"
                  >
                    Make photo {i + 1} the cover
                  </button>
                )}
                {removing === p.id ? (
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => {
                      setRemoving(null);
                      onAct('photo-remove', p.id);
                    }}
                    className="rounded bg-red-800 px-2 py-0.5 text-white"
                  >
                    Confirm removing photo {i + 1}
                  </button>
                ) : (
                  <button
                    type="button"
                    onClick={() => setRemoving(p.id)}
                    className="rounded border border-red-300 px-2 py-0.5 text-red-800"
                  >
                    Remove photo {i + 1}…
                  </button>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
