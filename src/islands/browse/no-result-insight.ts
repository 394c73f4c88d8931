import { useEffect } from 'react';
import { noResultEvent } from '../../domain/insights';
import type { Filters } from '../../domain/schemas/filters';
import { sendInsight } from '../shared/insights-beacon';

/** How long a view must rest on no result before it counts: a text still being typed is not a search yet. */
export const SETTLED_MS = 1500;
const sent = new Set<string>();

/**
 * Counts a browse view that settled on no result (D35): the normalized text, or the place and radius; once per page
 * for each, and never Near Me's position (src/domain/insights.ts noResultEvent).
 */
export function useNoResultInsight(filters: Filters, total: number | null): void {
  const event = total === 0 ? noResultEvent(filters) : null;
  const key = event ? JSON.stringify(event) : '';
  useEffect(() => {
    if (!key || sent.has(key)) return;
    const timer = setTimeout(() => {
      sent.add(key);
      sendInsight(JSON.parse(key));
    }, SETTLED_MS);
    return () => clearTimeout(timer);
  }, [key]);
}
