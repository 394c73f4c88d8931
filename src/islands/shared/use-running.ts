import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while the server renders and while the island hydrates (so hydration renders what the server did), true from
 * the render that follows in the browser. For what a page's HTML leaves out to stay light and the island adds at once:
 * a select's other options, the photos of cards below the first rows (docs/performance.md, "Page weight").
 */
export function useRunning(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
