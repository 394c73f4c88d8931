import { useEffect, useState } from 'react';
import type { ListingDetail } from '../../domain/browse-data';
import { fetchJson } from '../shared/fetch-json';

/**
 * The dialog's lazily loaded part of a listing. Its own module: only the dialog's chunk needs it, so none of it is in
 * the browse view's first load.
 */

/** Where the build writes the per-listing details (the lean listings files: ../domain/browse-files.ts). */
export const detailUrl = (slug: string) => `/data/listings/${slug}.json`;

const FALLBACK_ERROR = 'An error occurred';

async function getJson<T>(url: string): Promise<T> {
  const answer = await fetchJson<T>(url);
  if (answer.ok) return answer.data;
  throw new Error(answer.status === 0 ? answer.error : `Could not load ${url} (HTTP ${answer.status})`);
}

export type Loaded<T> =
  | { status: 'loading' }
  | { status: 'ready'; value: T }
  | { status: 'error'; message: string };

const messageOf = (error: unknown) => (error instanceof Error && error.message) || FALLBACK_ERROR;

const details = new Map<string, Promise<ListingDetail>>();

/** The dialog's lazily loaded part of a listing (description, address, website, e-mail, exact position). */
export function useListingDetail(slug: string | null): Loaded<ListingDetail> | null {
  const [state, setState] = useState<{ slug: string; loaded: Loaded<ListingDetail> } | null>(null);
  useEffect(() => {
    if (!slug) return;
    let live = true;
    let promise = details.get(slug);
    if (!promise) {
      promise = getJson<ListingDetail>(detailUrl(slug));
      details.set(slug, promise);
      promise.catch(() => details.delete(slug));
    }
    setState({ slug, loaded: { status: 'loading' } });
    promise.then(
      (value) => live && setState({ slug, loaded: { status: 'ready', value } }),
      (error: unknown) => live && setState({ slug, loaded: { status: 'error', message: messageOf(error) } }),
    );
    return () => {
      live = false;
    };
  }, [slug]);
  if (!slug) return null;
  return state?.slug === slug ? state.loaded : { status: 'loading' };
}
