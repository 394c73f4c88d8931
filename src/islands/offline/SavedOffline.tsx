import { useEffect, useState } from 'react';
import { listingPath } from '../../domain/slug';
import { COPIES_CHANGED, type OfflineCopy, readCopies, savedNote } from '../../pwa/offline-state';

/** The offline page's list: the shortlisted listings this browser keeps for offline use, each a link that opens. */
export default function SavedOffline() {
  const [copies, setCopies] = useState<Array<[string, OfflineCopy]> | null>(null);
  useEffect(() => {
    const read = () => setCopies(Object.entries(readCopies()));
    read();
    addEventListener(COPIES_CHANGED, read);
    return () => removeEventListener(COPIES_CHANGED, read);
  }, []);
  if (copies === null) return <p>Looking for what is saved...</p>;
  if (copies.length === 0)
    return (
      <p>
        Nothing is saved for offline use yet: listings you add to your shortlist are saved as you add them.
      </p>
    );
  return (
    <section aria-labelledby="saved-offline">
      <h2 id="saved-offline" className="font-semibold text-lg">
        Saved for offline use
      </h2>
      <ul className="mt-3 space-y-2">
        {copies.map(([slug, copy]) => (
          <li key={slug}>
            <a href={listingPath(slug)} className="font-medium text-emerald-800 underline">
              {copy.name}
            </a>{' '}
            <span className="text-sm text-stone-600">
              {copy.place} · {savedNote(copy)}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-4">
        <a href="/shortlist" className="underline">
          Open your shortlist
        </a>
      </p>
    </section>
  );
}
