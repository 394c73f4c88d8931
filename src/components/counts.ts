/** Listing counts for pages and marketing claims, always computed from the build's snapshot (D10). */
import { formatCount } from '../domain/format';

/** Counts items per key; keys never seen are absent (read with `?? 0`). */
export function countBy<T, K extends string>(items: readonly T[], key: (item: T) => K): Map<K, number> {
  const counts = new Map<K, number>();
  for (const item of items) {
    const k = key(item);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

/** A count as a claim: '1,200+' for 1,234 (rounded down to the hundred), the exact number below 100. */
export function claimNumber(count: number): string {
  if (count < 100) return String(count);
  return `${formatCount(Math.floor(count / 100) * 100)}+`;
}

/** '1 site', '12 sites'. */
export function sitesLabel(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'site' : 'sites'}`;
}
