import { startTransition, useEffect, useState } from 'react';

/**
 * False while the server renders and while the island hydrates (so hydration renders what the server did), true from
 * a transition right after: for what a page's HTML leaves out to stay light and the island adds at once, a select's
 * other options, the photos of cards below the first row (docs/performance.md, "Page weight"). A transition, which
 * React renders in slices, not a store hook, whose change after hydration React renders at once and whole: on a
 * phone that was a long task at every browse page's load (docs/performance.md, "Work at load"). A component mounted
 * later (a card that "Show more" adds) renders once without, then with.
 */
export function useRunning(): boolean {
  const [running, setRunning] = useState(false);
  useEffect(() => startTransition(() => setRunning(true)), []);
  return running;
}
