const requests = new Map<string, Promise<Response>>();

/**
 * One request per URL and page: the browse view starts downloading a listings file as soon as the visitor touches
 * it, while the loader's code (a chunk of its own) is still on its way, and the loader then reads that response.
 */
export function fetchOnce(url: string, init?: RequestInit): Promise<Response> {
  let request = requests.get(url);
  if (!request) {
    request = fetch(url, init);
    requests.set(url, request);
  }
  return request;
}

/** Lets the next fetchOnce of this URL request it again (after a failure). */
export function forgetFetch(url: string): void {
  requests.delete(url);
}
