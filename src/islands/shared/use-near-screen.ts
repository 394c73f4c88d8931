import { type RefObject, startTransition, useEffect, useState } from 'react';

/** How far ahead of the screen an element counts as near: one screen's height, above and below. */
const AHEAD = '100% 0px';

// One observer for every element a page watches (a results page has up to dozens of cards).
let observer: IntersectionObserver | null = null;
const waiting = new Map<Element, () => void>();

function watch(element: Element, onNear: () => void): () => void {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const near = entry.isIntersecting ? waiting.get(entry.target) : undefined;
        if (!near) continue;
        waiting.delete(entry.target);
        observer?.unobserve(entry.target);
        near();
      }
    },
    { rootMargin: AHEAD },
  );
  waiting.set(element, onNear);
  observer.observe(element);
  return () => {
    waiting.delete(element);
    observer?.unobserve(element);
  };
}

/**
 * True once the element has come within a screen of the visible part of the page (and from then on), while `wanted`.
 * For what a component adds only when it may be seen, such as the photos of result cards below the first row: at a
 * page's load they are not built at all, and a keystroke that changes the results updates no photo far down the list
 * (docs/performance.md, "Work at load"). The change is a transition, which React renders in slices.
 */
export function useNearScreen(ref: RefObject<Element | null>, wanted: boolean): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!wanted || near || !element) return;
    return watch(element, () => startTransition(() => setNear(true)));
  }, [ref, wanted, near]);
  return near;
}
