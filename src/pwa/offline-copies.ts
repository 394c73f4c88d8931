import { listingPath } from '../domain/slug';
import { OFFLINE_CACHE, type OfflineCopy, readCopies, writeCopies } from './offline-state';

/** The widest photo copied: a phone's screen at twice its density (the card sizes, up to 800 px). */
const PHONE_WIDTH = 800;

/**
 * The cover photo's files up to phone size, from the first photo of the listing's gallery (its srcset); none for a
 * listing without photos. Only the gallery: the page's other pictures (the map's tiles) are not the listing's.
 */
function coverUrls(html: string, base: string): string[] {
  const img = new DOMParser()
    .parseFromString(html, 'text/html')
    .querySelector('main .gallery img[srcset], main .gallery img[src]');
  if (!img) return [];
  const candidates = (img.getAttribute('srcset') ?? '')
    .split(',')
    .map((c) => c.trim().split(/\s+/))
    .filter(([url, w]) => url && (!w || Number.parseInt(w, 10) <= PHONE_WIDTH))
    .map(([url]) => url as string);
  const src = img.getAttribute('src');
  const list = candidates.length > 0 ? candidates : src ? [src] : [];
  return [...new Set(list.map((u) => new URL(u, base).href))];
}

/** Copies a listing's page, its detail file and its cover photo into the offline cache; null when it failed. */
async function saveCopy(cache: Cache, slug: string): Promise<OfflineCopy | null> {
  const page = new URL(listingPath(slug), location.origin).href;
  const data = new URL(`/data/listings/${slug}.json`, location.origin).href;
  try {
    const [pageResponse, dataResponse] = await Promise.all([fetch(page), fetch(data)]);
    if (!pageResponse.ok || !dataResponse.ok) return null;
    const html = await pageResponse.clone().text();
    const { card } = (await dataResponse.clone().json()) as {
      card: { property_name: string; city: string; state: string };
    };
    await cache.put(page, pageResponse);
    await cache.put(data, dataResponse);
    const photos: string[] = [];
    for (const url of coverUrls(html, page)) {
      // A photo on another origin (the storage bucket) comes back opaque: kept as it is, shown as it was. A photo
      // that cannot be fetched is left out: the page, its phone and its address are what matter offline.
      const same = new URL(url).origin === location.origin;
      const response = await fetch(url, same ? {} : { mode: 'no-cors' }).catch(() => null);
      if (response && (response.ok || response.type === 'opaque')) {
        await cache.put(url, response);
        photos.push(url);
      }
    }
    return {
      at: new Date().toISOString(),
      name: card.property_name,
      place: `${card.city}, ${card.state}`,
      urls: [page, data, ...photos],
    };
  } catch {
    return null;
  }
}

let running: Promise<void> = Promise.resolve();

/**
 * Makes the offline copies follow the shortlist: a listing added is copied, a listing removed has its copy deleted.
 * One pass at a time; a copy that failed (offline) is tried again on the next change or page.
 */
export function syncCopies(saved: readonly string[]): Promise<void> {
  running = running.then(async () => {
    const cache = await caches.open(OFFLINE_CACHE);
    const copies = readCopies();
    for (const [slug, copy] of Object.entries(copies)) {
      if (saved.includes(slug)) continue;
      for (const url of copy.urls) await cache.delete(url);
      delete copies[slug];
    }
    for (const slug of saved) {
      if (copies[slug]) continue;
      const copy = await saveCopy(cache, slug);
      if (copy) copies[slug] = copy;
    }
    writeCopies(copies);
  });
  return running.catch(() => {});
}
