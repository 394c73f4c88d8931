/**
 * The service worker's registration (docs/saved-searches.md, "The installable app"), loaded by the layout's script
 * once the page has loaded. The worker registers when the visitor has then had no input (key or pointer) for a few
 * seconds: its install fetches the app shell (about 40 files), which right after load took the CPU and the
 * connection a visitor's first search needed (docs/performance.md, "The first keystroke").
 */
const QUIET_MS = 3000;
const INPUTS = ['keydown', 'pointerdown'];

/** Registers the worker once the page has been quiet for QUIET_MS, then runs `registered`. */
export function registerWhenQuiet(registered: () => void): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const wait = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      for (const type of INPUTS) removeEventListener(type, wait, true);
      navigator.serviceWorker.register('/sw.js').catch(() => {});
      registered();
    }, QUIET_MS);
  };
  for (const type of INPUTS) addEventListener(type, wait, true);
  wait();
}
