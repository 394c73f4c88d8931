import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useState } from 'react';
import type { BrowseListing, ListingDetail } from '../../domain/browse-data';
import { MAX_COMPARE, parseSlugs, sharePath } from '../../domain/shortlist';
import { $shortlist, saveAll, startShortlist } from '../../stores/shortlist';
import { fetchJson } from '../shared/fetch-json';
import { CompareTable } from './CompareTable';
import { SavedRow } from './SavedRow';

/** A saved listing as its file (/data/listings/{slug}.json) gives it, or why it cannot be shown. */
export type Saved =
  | { slug: string; state: 'loading' }
  | { slug: string; state: 'gone' }
  | { slug: string; state: 'failed' }
  | { slug: string; state: 'listed'; card: BrowseListing; detail: ListingDetail };

async function load(slug: string): Promise<Saved> {
  const answer = await fetchJson<ListingDetail & { card: BrowseListing }>(`/data/listings/${slug}.json`);
  // A listing taken off the site has no file any more: it is "no longer listed", never an error.
  if (answer.status === 404) return { slug, state: 'gone' };
  if (!answer.ok) return { slug, state: 'failed' };
  return { slug, state: 'listed', card: answer.data.card, detail: answer.data };
}

/** The list a shared link carries (`?l=`), or null on the visitor's own shortlist. */
function sharedSlugs(): string[] | null {
  const params = new URLSearchParams(window.location.search);
  return params.has('l') ? parseSlugs(params.get('l') ?? '') : null;
}

/**
 * The shortlist page: the visitor's saved listings (kept in this browser only), or a shared list opened
 * read-only with "Save to my shortlist"; a link to share it; and a side-by-side comparison of up to four.
 */
export default function ShortlistApp({ photoBase }: { photoBase: string }) {
  const own = useStore($shortlist, { ssr: 'initial' });
  const [shared, setShared] = useState<string[] | null | undefined>(undefined);
  const [listings, setListings] = useState<Map<string, Saved>>(new Map());
  const [chosen, setChosen] = useState<string[]>([]);
  const [said, setSaid] = useState('');

  useEffect(() => {
    startShortlist();
    setShared(sharedSlugs());
  }, []);
  const slugs = shared === undefined ? [] : (shared ?? own);

  useEffect(() => {
    const missing = slugs.filter((s) => !listings.has(s));
    if (missing.length === 0) return;
    setListings(
      (m) => new Map([...m, ...missing.map((slug): [string, Saved] => [slug, { slug, state: 'loading' }])]),
    );
    for (const slug of missing) void load(slug).then((s) => setListings((m) => new Map(m).set(slug, s)));
  }, [slugs, listings]);

  const items = slugs.map((slug) => listings.get(slug) ?? ({ slug, state: 'loading' } as const));
  const compared = useMemo(
    () =>
      chosen.flatMap((slug) => {
        const item = listings.get(slug);
        return item?.state === 'listed' && slugs.includes(slug) ? [item] : [];
      }),
    [chosen, listings, slugs],
  );

  const readOnly = !!shared;
  // The page's heading says whose list this is: a shared link shows someone else's list, not the visitor's own.
  const header = (
    <header>
      <h1 className="text-3xl font-bold tracking-tight text-emerald-950 sm:text-4xl">
        {readOnly ? 'A shortlist shared with you' : 'Your shortlist'}
      </h1>
      <p className="mt-3 max-w-2xl text-lg text-stone-700">
        {readOnly
          ? 'Someone picked these places for your trip. Save them to your own shortlist to keep them on this device.'
          : 'The listings you saved on this device: compare them side by side and send the list to your group.'}
      </p>
    </header>
  );
  if (shared === undefined)
    return (
      <div className="flex flex-col gap-6">
        {header}
        <p>Loading your shortlist…</p>
      </div>
    );
  const toggleCompare = (slug: string) =>
    setChosen((c) => (c.includes(slug) ? c.filter((s) => s !== slug) : [...c, slug].slice(-MAX_COMPARE)));

  return (
    <div className="flex flex-col gap-6">
      {header}
      {readOnly ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-stone-100 p-4">
          <p>
            Someone shared {slugs.length === 1 ? 'this listing' : `these ${slugs.length} listings`} with you.{' '}
            <a href="/shortlist" className="font-medium text-emerald-800 underline">
              Your own shortlist
            </a>
          </p>
          {slugs.length > 0 && (
            <button
              type="button"
              onClick={() => {
                saveAll(slugs);
                setSaid(`Saved to your shortlist (${slugs.length}).`);
              }}
              className="rounded-md bg-emerald-800 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-900"
            >
              Save to my shortlist
            </button>
          )}
        </div>
      ) : (
        slugs.length > 0 && <Share slugs={slugs} onSaid={setSaid} />
      )}
      <p role="status" className="min-h-6 text-sm font-medium text-emerald-900">
        {said}
      </p>
      {slugs.length === 0 ? (
        <Empty readOnly={readOnly} />
      ) : (
        <ul className="grid gap-3">
          {items.map((item) => (
            <SavedRow
              key={item.slug}
              item={item}
              photoBase={photoBase}
              readOnly={readOnly}
              compared={chosen.includes(item.slug)}
              onCompare={() => toggleCompare(item.slug)}
            />
          ))}
        </ul>
      )}
      {compared.length >= 2 ? (
        <CompareTable listings={compared} photoBase={photoBase} />
      ) : (
        slugs.length >= 2 && (
          <p className="text-sm text-stone-600">
            Tick "Compare" on two to {MAX_COMPARE} listings to see them side by side.
          </p>
        )
      )}
    </div>
  );
}

function Empty({ readOnly }: { readOnly: boolean }) {
  return readOnly ? (
    <p>This shared link holds no listings.</p>
  ) : (
    <div className="rounded-lg border border-dashed border-stone-300 p-6">
      <p className="font-medium">Your shortlist is empty.</p>
      <p className="mt-1 text-stone-700">
        Press the heart (Save) on any listing to keep it here. Your shortlist stays in this browser: no
        account needed.
      </p>
      <a href="/browse" className="mt-3 inline-block font-medium text-emerald-800 underline">
        Browse glamping
      </a>
    </div>
  );
}

/** The link that opens this list for anyone, with Copy (and the device's share sheet where there is one). */
function Share({ slugs, onSaid }: { slugs: string[]; onSaid: (text: string) => void }) {
  const id = useId();
  const url = new URL(sharePath(slugs), window.location.origin).href;
  const canShare = typeof navigator.share === 'function';
  return (
    <div className="flex flex-col gap-2 rounded-lg bg-stone-100 p-4">
      <label htmlFor={id} className="font-medium">
        Share this shortlist
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-md border border-stone-300 bg-white px-3 py-2 text-sm"
        />
        <button
          type="button"
          onClick={() =>
            navigator.clipboard.writeText(url).then(
              () => onSaid('Link copied.'),
              () => onSaid('Could not copy: select the link and copy it.'),
            )
          }
          className="rounded-md bg-emerald-800 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-900"
        >
          Copy link
        </button>
        {canShare && (
          <button
            type="button"
            onClick={() => navigator.share({ title: 'My glamping shortlist', url }).catch(() => undefined)}
            className="rounded-md border border-stone-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-stone-50"
          >
            Share…
          </button>
        )}
      </div>
    </div>
  );
}
