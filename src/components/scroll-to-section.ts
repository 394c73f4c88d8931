/**
 * Scrolls a section of the page to the top of the window (below its scroll-margin) and sees that it gets there: the
 * home hero's searches bring the visitor to the results this way (./HeroSearch.astro).
 *
 * One `scrollIntoView` is not enough. Chromium drops a smooth scroll started within a frame of an instant scroll
 * that cut another smooth scroll short: a visitor who scrolls back up to the popular searches while the previous
 * search still glides down, and clicks one, stayed where they were (so did the home page's e2e test, flakily:
 * the browser's scroll of the button into view before the click is such an instant scroll). And the page can be too
 * short for the section to reach the top until the new results have rendered. So once the page has been still for
 * a moment (no scrolling, no change of size) with the section elsewhere, it scrolls again; at the end of a page too
 * short it waits for the page to grow. It stops once the section is in place, when the visitor takes over (wheel,
 * touch, a key, a pointer) or anything else scrolls the page away from the section, and after WATCH_MS at most.
 */

/** How long the page must be still before the section's position is checked. */
const QUIET_MS = 150;
/** How long a search looks after the position at most (results on a slow connection may come later still). */
const WATCH_MS = 8000;
/** Input with which a visitor scrolls, or starts doing something else: from then on, where the page is is theirs. */
const VISITOR_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

let stopWatching: (() => void) | undefined;

export function scrollToSection(section: HTMLElement, behavior: ScrollBehavior): void {
  stopWatching?.();
  /** How far below its place the section's top is (negative: above it). */
  const offset = () =>
    section.getBoundingClientRect().top - (Number.parseFloat(getComputedStyle(section).scrollMarginTop) || 0);
  const atEnd = () => scrollY + innerHeight >= document.documentElement.scrollHeight - 1;
  let last = Math.abs(offset());

  const controller = new AbortController();
  let quiet: ReturnType<typeof setTimeout> | undefined;
  const settle = () => {
    clearTimeout(quiet);
    quiet = setTimeout(check, QUIET_MS);
  };
  const resized = new ResizeObserver(() => {
    last = Math.abs(offset());
    settle();
  });
  const stop = () => {
    clearTimeout(quiet);
    clearTimeout(expiry);
    resized.disconnect();
    controller.abort();
    if (stopWatching === stop) stopWatching = undefined;
  };
  const expiry = setTimeout(stop, WATCH_MS);
  stopWatching = stop;

  const check = () => {
    const off = offset();
    if (Math.abs(off) < 1) return stop();
    // As near as the page allows for now: a change of its size (the results rendering) checks again.
    if (off > 0 && atEnd()) return;
    section.scrollIntoView({ behavior });
    settle();
  };
  const scrolled = () => {
    const distance = Math.abs(offset());
    // Away from the section, and not the page getting shorter under it: someone else's scroll, leave it be.
    if (distance > last + 1 && !atEnd()) return stop();
    last = distance;
    settle();
  };

  const { signal } = controller;
  for (const type of VISITOR_INPUT) addEventListener(type, stop, { signal, capture: true, passive: true });
  // The page's own scrolling only (the scroll of an element inside it does not reach the window).
  addEventListener('scroll', scrolled, { signal, passive: true });
  resized.observe(document.documentElement);
  section.scrollIntoView({ behavior });
  settle();
}
