import {
  CacheFirst,
  ExpirationPlugin,
  NetworkOnly,
  type PrecacheEntry,
  Serwist,
  type SerwistPlugin,
  StaleWhileRevalidate,
} from 'serwist';
import { OFFLINE_CACHE } from './cache-names';

/*
 * The service worker (docs/saved-searches.md, "The installable app"), built with Serwist by src/build/service-worker.mjs, which injects the app
 * shell's precache list and the photo origin. Never cached: every /api/ call (no route: the browser goes straight to
 * the network), and the staff, owner, sign-in and form pages (network only; offline they get the offline page).
 */
declare const self: ServiceWorkerGlobalScope & { __SW_MANIFEST: Array<PrecacheEntry | string> };
/** The origin of published photos when they are not on the site (the storage bucket in production), or ''. */
declare const __PHOTO_ORIGIN__: string;

const OFFLINE_PAGE = '/offline';
/** Pages never kept: private (staff, owner, sign-in) or a form whose answer must come from the server. */
const NEVER_CACHED =
  /^\/(staff|owner|sign-in|list-property|list-success|contact|report|alerts|newsletter|renewal)(\/|$)/;

/**
 * When the network fails: a listing the visitor shortlisted (its copy in the offline cache), else, for a page, the
 * offline page that lists what is saved.
 */
const offline = (serwist: () => Serwist): SerwistPlugin => ({
  handlerDidError: async ({ request }) => {
    const copy = await caches.match(request.url, { cacheName: OFFLINE_CACHE, ignoreSearch: true });
    if (copy) return copy;
    return request.destination === 'document' ? serwist().matchPrecache(OFFLINE_PAGE) : undefined;
  },
});

/** A page or file refreshed while online also refreshes its offline copy, if the visitor keeps one. */
const refreshCopy: SerwistPlugin = {
  cacheDidUpdate: async ({ request, newResponse }) => {
    const cache = await caches.open(OFFLINE_CACHE);
    if (await cache.match(request.url, { ignoreSearch: true }))
      await cache.put(request.url, newResponse.clone());
  },
};

/** The site's own addresses the worker handles: never an /api/ call, not even one opened as a page. */
const sameOrigin = (url: URL) => url.origin === self.location.origin && !url.pathname.startsWith('/api/');
let instance: Serwist;
const fallback = offline(() => instance);

instance = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: { cleanupOutdatedCaches: true },
  // A new deploy's worker takes over at once: the app shell updates without the visitor doing anything.
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: false,
  runtimeCaching: [
    {
      matcher: ({ url, request }) =>
        sameOrigin(url) && request.destination === 'document' && NEVER_CACHED.test(url.pathname),
      handler: new NetworkOnly({ plugins: [fallback] }),
    },
    {
      matcher: ({ url, request }) => sameOrigin(url) && request.destination === 'document',
      // Recently opened pages: shown at once from the cache and refreshed from the network (stale-while-revalidate).
      handler: new StaleWhileRevalidate({
        cacheName: 'pages',
        plugins: [
          new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: 30 * 24 * 3600 }),
          refreshCopy,
          fallback,
        ],
      }),
    },
    {
      matcher: ({ url }) => sameOrigin(url) && url.pathname.startsWith('/data/listings/'),
      handler: new StaleWhileRevalidate({
        cacheName: 'listing-data',
        plugins: [new ExpirationPlugin({ maxEntries: 60 }), refreshCopy, fallback],
      }),
    },
    {
      matcher: ({ url, request }) => sameOrigin(url) && request.destination === 'image',
      handler: new CacheFirst({
        cacheName: 'images',
        plugins: [new ExpirationPlugin({ maxEntries: 80 }), fallback],
      }),
    },
    {
      matcher: ({ url, request }) =>
        __PHOTO_ORIGIN__ !== '' && url.origin === __PHOTO_ORIGIN__ && request.destination === 'image',
      handler: new NetworkOnly({ plugins: [fallback] }),
    },
    {
      matcher: ({ url }) => sameOrigin(url) && url.pathname.startsWith('/_astro/'),
      handler: new CacheFirst({ cacheName: 'assets', plugins: [new ExpirationPlugin({ maxEntries: 60 })] }),
    },
  ],
});

instance.addEventListeners();
