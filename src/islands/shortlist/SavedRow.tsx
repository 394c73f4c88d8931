import { formatPhone, telHref, verifiedLabel } from '../../domain/format';
import { photoUrl } from '../../domain/photos';
import { listingPath } from '../../domain/slug';
import { savedNote } from '../../pwa/offline-state';
import { removeSaved } from '../../stores/shortlist';
import { useOfflineCopies } from '../offline/use-offline-copies';
import type { Saved } from './ShortlistApp';

/**
 * One saved listing: its cover, name (a link to its page), place, type and price, and its phone, so a traveler can
 * call from the list; Compare and (on their own list) Remove.
 */
export function SavedRow({
  item,
  readOnly,
  compared,
  onCompare,
  photoBase,
}: {
  item: Saved;
  readOnly: boolean;
  compared: boolean;
  onCompare: () => void;
  photoBase: string;
}) {
  const listed = item.state === 'listed' ? item : null;
  const name = listed ? listed.card.property_name : item.slug;
  const cover = listed?.card.cover;
  const tel = listed ? telHref(listed.card.phone) : null;
  const copy = useOfflineCopies()[item.slug];
  return (
    <li className="flex flex-wrap items-center gap-4 rounded-lg border border-stone-200 bg-white p-3 sm:flex-nowrap">
      {listed &&
        (cover ? (
          <img
            src={photoUrl(photoBase, cover.id, cover.widths[0] ?? 400, 'jpeg')}
            alt={`${name}, ${listed.card.city}, ${listed.card.state}`}
            width={144}
            height={96}
            loading="lazy"
            className="aspect-[3/2] h-24 w-36 shrink-0 rounded-md bg-stone-200 object-cover"
          />
        ) : (
          <div aria-hidden="true" className="h-24 w-36 shrink-0 rounded-md bg-stone-200" />
        ))}
      <div className="min-w-0 flex-1">
        {listed ? (
          <>
            <h2 className="text-lg font-semibold text-stone-900">
              <a href={listingPath(item.slug)} className="hover:underline">
                {name}
              </a>
            </h2>
            <p className="text-sm text-stone-700">
              {listed.card.city}, {listed.card.state} · {listed.card.accommodation_type}
              {listed.card.price_range && ` · ${listed.card.price_range}`}
            </p>
            <p className="text-sm">
              {tel ? (
                <a href={tel} className="font-medium text-emerald-800 underline">
                  {formatPhone(listed.card.phone)}
                </a>
              ) : (
                <span className="text-stone-600">Phone not stated</span>
              )}
              {listed.card.verified && (
                <span className="text-stone-600"> · {verifiedLabel(listed.card.verified)}</span>
              )}
            </p>
            {!readOnly && copy && <p className="text-xs font-medium text-emerald-900">{savedNote(copy)}</p>}
          </>
        ) : (
          <>
            <p className="font-semibold text-stone-700">{item.slug}</p>
            <p className="text-sm text-stone-600">
              {item.state === 'gone'
                ? 'No longer listed'
                : item.state === 'failed'
                  ? 'Could not be loaded. Reload the page to try again.'
                  : 'Loading…'}
            </p>
          </>
        )}
      </div>
      <div className="flex items-center gap-3">
        {listed && (
          <label className="flex items-center gap-1.5 text-sm">
            <input type="checkbox" checked={compared} onChange={onCompare} />
            Compare<span className="sr-only"> {name}</span>
          </label>
        )}
        {!readOnly && (
          <button
            type="button"
            onClick={() => removeSaved(item.slug)}
            className="rounded-md border border-stone-300 px-3 py-1.5 text-sm font-medium hover:bg-stone-100"
          >
            Remove<span className="sr-only"> {name}</span>
          </button>
        )}
      </div>
    </li>
  );
}
