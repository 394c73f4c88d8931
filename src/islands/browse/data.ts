import { startTransition, useEffect, useMemo, useState } from 'react';
import type { LoadStage, Origin } from '../../domain/browse-coverage';
import type { BrowseListing } from '../../domain/browse-data';
import { browseFileUrl, scopeFile } from '../../domain/browse-files';
import type { Filters } from '../../domain/schemas/filters';
import type { FuzzyMatcher } from '../../domain/search';
import { fetchJson } from '../shared/fetch-json';
import { onDemand } from '../shared/on-demand';
import { type LoadedListings, NO_LISTINGS } from './loaded-listings';

type Fuzzy = typeof import('../../domain/fuzzy');
const loadFuzzy = onDemand(() => import('../../domain/fuzzy'));

/** The search and the orders (./results-engine.ts). */
export type Engine = typeof import('./results-engine');
const getEngine = onDemand(() => import('./results-engine'));

// The loader and the listings decoder come with the first request for listings, not with the page.
const getLoader = onDemand(() => import('./browse-loader'));

let requested = false;

/**
 * Starts loading the listings these filters need (./browse-loader.ts), if they are not in yet. `origin`: where
 * distance mode measures from ('pending' while its place loads); `stage`: how far the whole set is wanted (its other
 * parts wait until the view has rendered the results of its first part: ../../domain/browse-coverage.ts LoadStage).
 */
export function requestListings(filters: Filters, origin: Origin = null, stage: LoadStage = 'first'): void {
  // The first file's download need not wait for the loader's code (later ones are the loader's to choose). fuse.js
  // is not fetched with it: a first keystroke's results never need it, and its evaluation sat in their way
  // (docs/performance.md, "The first keystroke"); the matcher loads it (useFuzzyMatcher).
  if (!requested) {
    void fetchJson(browseFileUrl(scopeFile(filters) ?? { kind: 'part', index: 0 }), { once: true });
    preloadSearchCode();
  }
  requested = true;
  void getLoader().then((m) => m.loadFor(filters, origin, stage));
}

/**
 * The search code, without any listings: the browse view loads it with the results component once the browser is
 * idle, so that a first keystroke's results wait for the first file, not for the code's evaluation.
 */
export const preloadSearchCode = (): void => void getEngine().catch(() => {});

/** The search and the orders (./results-engine.ts) once `wanted` and loaded; null before. */
export function useResultsEngine(wanted: boolean): Engine | null {
  const [loaded, setLoaded] = useState<Engine | null>(null);
  useEffect(() => {
    if (!wanted || loaded) return;
    let live = true;
    getEngine().then(
      (m) => live && setLoaded(m),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [wanted, loaded]);
  return loaded;
}

/**
 * The listings loaded so far, re-rendering as files arrive, once `wanted` (nothing before: the page shows what it
 * rendered at build time). The first listings to arrive render at once: they bring the first results, whose first
 * row the results component shows in that render and the other cards in a deferred one (./Results.tsx); in a
 * transition React renders every card before any shows (docs/performance.md, "The first keystroke"). So do the files
 * that come while `waiting` (the view has no result on screen: a text the first part cannot match waits for the few
 * parts that can). Files after those are transitions: React renders them in slices and lets a keystroke go first.
 */
export function useLoadedListings(wanted: boolean, waiting: () => boolean): LoadedListings {
  const [value, setValue] = useState(NO_LISTINGS);
  useEffect(() => {
    if (!wanted) return;
    let stop: (() => void) | null = null;
    let live = true;
    void getLoader().then((m) => {
      if (!live) return;
      let current = m.loadedListings();
      setValue(current);
      stop = m.onListingsChange(() => {
        const next = m.loadedListings();
        const first = current.listings === null || waiting();
        current = next;
        if (first) setValue(next);
        else startTransition(() => setValue(next));
      });
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [wanted, waiting]);
  return value;
}

/** Runs `task` when the browser is idle (soon after, where it cannot tell); returns a cancel function. */
export function whenIdle(task: () => unknown, timeout = 2000): () => void {
  if ('requestIdleCallback' in window) {
    const handle = requestIdleCallback(() => task(), { timeout });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 500);
  return () => clearTimeout(timer);
}

/**
 * The typo-tolerant matcher for the listings. fuse.js is fetched with the first listings file (requestListings); the
 * matcher is built once listings are in: at once when the location text needs it, otherwise when the browser is idle. It is built a slice at a time, again for each longer
 * list as listings files arrive (a build for a list already replaced stops at its next slice).
 */
export function useFuzzyMatcher(
  listings: readonly BrowseListing[] | null,
  wanted: boolean,
): FuzzyMatcher | null {
  const [built, setBuilt] = useState<{
    listings: readonly BrowseListing[];
    match: FuzzyMatcher;
    known: Fuzzy['knownMatches'];
  } | null>(null);
  const ready = built !== null && built.listings === listings;
  useEffect(() => {
    if (!listings || ready) return;
    let live = true;
    const load = () =>
      Promise.all([loadFuzzy(), getLoader()])
        .then(async ([{ buildFuzzyMatcher, knownMatches }, { yieldToBrowser }]) => ({
          match: await buildFuzzyMatcher(listings, () =>
            live ? yieldToBrowser() : Promise.reject(new Error('replaced')),
          ),
          known: knownMatches,
        }))
        .then(
          ({ match, known }) => live && setBuilt({ listings, match, known }),
          () => {},
        );
    const cancel = wanted ? null : whenIdle(load, 500);
    if (wanted) load();
    return () => {
      live = false;
      cancel?.();
    };
  }, [listings, wanted, ready]);
  // While the matcher for a longer list builds (the rest of the whole set arriving as the visitor types), the last
  // one answers for the listings it knows, at their places in the new list: typo-tolerant results do not vanish
  // into 'Loading' for the slices a rebuild takes. The new listings' matches join once it is built. (The mapping
  // comes with the matcher's module, loaded on demand, not with the page.)
  const stale = useMemo(
    () => (built && listings && !ready ? built.known(built.listings, built.match, listings) : null),
    [built, listings, ready],
  );
  return ready ? built.match : stale;
}
