import { startTransition, useEffect, useState } from 'react';

/** Set once the page's island has run: components mounted after it start with what they add. */
let ran = false;

/**
 * False while the server renders and while the island hydrates (so hydration renders what the server did), true from
 * a transition right after: for what a page's HTML leaves out to stay light and the island adds at once, a select's
 * other options (docs/performance.md, "Page weight"). A transition, which React renders in slices, not a store hook,
 * whose change after hydration React renders at once and whole: on a phone that was a long task at every browse
 * page's load (docs/performance.md, "Work at load"). A component mounted once the island has run (the advanced
 * filters' select, the phone's filter sheet) starts true: it was never in the server's HTML.
 */
export function useRunning(): boolean {
  const [running, setRunning] = useState(ran);
  useEffect(() => {
    if (running) ran = true;
    else startTransition(() => setRunning(true));
  }, [running]);
  return running;
}
