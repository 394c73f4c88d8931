const requests = new Map<string, Promise<Response>>();

/**
 * One request per URL and page: the browse view starts downloading a listings file as soon as the visitor touches
 * it, while the loader's code (a chunk of its own) is still on its way, and the loader then reads that response.
 */
export function fetchOnce(url: string): Promise<Response> {
  let request = requests.get(url);
  if (!request) {
    request = fetch(url);
    requests.set(url, request);
  }
  return request;
}

/** Lets the next fetchOnce of this URL request it again (after a failure). */
export function forgetFetch(url: string): void {
  requests.delete(url);
}

/** Lets the browser handle input and paint before the next slice of work (scheduler.yield where there is one). */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
