/**
 * The slug of a listing page's path (./slug.ts listingPath: /listings/<slug>, D16), or undefined for any other path.
 * A module of its own: the script every page loads (the insights beacon) needs this alone of ./slug.ts.
 */
export function slugOfPath(path: string): string | undefined {
  return /^\/listings\/([a-z0-9-]+)\/?$/.exec(path)?.[1];
}
