import { listingPath } from '../../domain/slug';
import { sendInsight } from './insights-beacon';

/** What became of a share: sent through the system's share sheet, the address copied, given up, or impossible. */
export type Shared = 'shared' | 'copied' | 'cancelled' | 'failed';

/** What the visitor reads beside the button afterwards (a status: screen readers hear it too). */
export const SHARED_TEXT: Record<Shared, string> = {
  shared: 'Shared',
  copied: 'Link copied',
  cancelled: '',
  failed: 'Could not share here: copy the address from the address bar',
};

/**
 * Shares a listing's page: the system's share sheet where the browser has one (phones), else its address copied to
 * the clipboard. A share is counted (D35, docs/insights.md) only once it happened: closing the sheet is none.
 */
export async function shareListing(slug: string, title: string): Promise<Shared> {
  const url = new URL(listingPath(slug), location.origin).href;
  let outcome: Shared;
  try {
    if (typeof navigator.share === 'function') {
      await navigator.share({ title, url });
      outcome = 'shared';
    } else {
      await navigator.clipboard.writeText(url);
      outcome = 'copied';
    }
  } catch (error) {
    return error instanceof DOMException && error.name === 'AbortError' ? 'cancelled' : 'failed';
  }
  sendInsight({ kind: 'share', listing: slug });
  return outcome;
}
