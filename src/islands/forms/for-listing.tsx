import { type ReactNode, useEffect, useState } from 'react';
import { listingPath } from '../../domain/slug';

/** A query parameter of the page (`?listing=<slug>`): null until the page has read it, '' when missing. */
export function useQueryParam(name: string): string | null {
  const [value, setValue] = useState<string | null>(null);
  useEffect(() => setValue(new URLSearchParams(window.location.search).get(name) ?? ''), [name]);
  return value;
}

/** What a form about one listing says when its page was opened without one: where it is reached from. */
export function OpenFromListing({ action }: { action: string }) {
  return (
    <p role="alert">
      Open “{action}” from the listing itself. <a href="/browse">Browse listings</a>
    </p>
  );
}

/** What a form about one listing says once sent, and the way back to the listing. */
export function SentForListing({ listing, children }: { listing: string; children: ReactNode }) {
  return (
    <div role="status" className="space-y-3">
      {children}
      <a href={listingPath(listing)} className="font-medium text-emerald-800 underline">
        Back to the listing
      </a>
    </div>
  );
}
