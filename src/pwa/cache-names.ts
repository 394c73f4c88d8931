/** The Cache Storage cache of the shortlist's offline copies: written by the page, read by the service worker. */
export const OFFLINE_CACHE = 'offline-shortlist';
