import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Origin } from '../../domain/browse-coverage';
import type { BrowseListing } from '../../domain/browse-data';
import { browseFileName } from '../../domain/browse-files';
import { isNearMe } from '../../domain/location';
import { nearOf } from '../../domain/places/near';
import { type Filters, sameResults } from '../../domain/schemas/filters';
import type { Coordinates, FuzzyMatcher } from '../../domain/search';
import { $filters, $origin, settleNear } from '../../stores/filters';
import { FILTERS_AT_REST_MS } from '../../stores/filters-url';
import { type Engine, requestListings, useFuzzyMatcher, useLoadedListings, useResultsEngine } from './data';
import { type NearPlace, useNearMe, useNearPlace } from './hooks';
import type { LoadedListings } from './loaded-listings';

/** What the browse view asks for, from the filters and what the visitor did. */
export interface Demand {
  /** The filters give the preset's results (the view, list or map, does not count): its pre-rendered page applies. */
  onPreset: boolean;
  /** Listings are wanted: the visitor touched the view, or the URL asks for other filters or the map. */
  active: boolean;
  /** Where distance mode measures from (D27), once known; null otherwise. */
  origin: Coordinates | null;
  /** The label of the `near` place once looked up (null: unknown place), undefined while there is none to settle. */
  settled: string | null | undefined;
  /** Where the loader measures from: 'pending' while the place loads. */
  loaderOrigin: Origin;
}

/**
 * What to load (pure). Distance mode measures from the visitor's position ('Near Me') or from the place of `near`
 * (a chosen place or a typed ZIP), which loads from the gazetteer; a place it does not know leaves the plain text
 * rule.
 */
export function browseDemand(input: {
  filters: Filters;
  preset: Filters;
  touched: boolean;
  position: Coordinates | null;
  place: NearPlace;
}): Demand {
  const { filters, place } = input;
  const onPreset = sameResults(filters, input.preset);
  const origin = isNearMe(filters.location) ? input.position : place === 'loading' ? null : place;
  return {
    onPreset,
    active: input.touched || !onPreset || filters.view === 'map',
    origin,
    settled: filters.near && place !== 'loading' ? (place?.label ?? null) : undefined,
    loaderOrigin: place === 'loading' ? 'pending' : origin,
  };
}

/**
 * How long the location text stays unchanged before the visitor counts as having stopped typing: longer than the
 * gaps between the keys of a word typed at an unhurried pace, on a phone's keyboard too; about the time it takes to
 * glance at the results.
 */
const TYPING_PAUSE_MS = 1000;

type ShownInput = Parameters<typeof browseShown>[0];

/** The matches among the loaded listings, in order; null while waiting for the typo-tolerant matcher. */
function searchResults(input: ShownInput, all: readonly BrowseListing[], engine: Engine) {
  const { filters, loaded, fuzzy } = input;
  const { origin } = input.demand;
  if (!origin && loaded.alphabet !== null && engine.cannotMatch(filters.location, loaded.alphabet)) return [];
  const list = engine.searchListings(all, filters, { origin, fuzzy });
  if (list.length === 0 && !origin && !fuzzy && engine.wantsFuzzy(filters.location)) return null;
  return engine.sortListings(list, filters.sort, { position: (l) => input.positions?.get(l.slug) ?? 0 });
}

/** What the browse view shows. */
export interface Shown {
  /** Every match among the loaded listings, in order; null while they cannot be told yet. */
  results: readonly BrowseListing[] | null;
  /** The loaded listings hold every possible match: results and count are final. */
  ready: boolean;
  /** The listings to list (from `start`), null while loading with nothing to show. */
  matched: readonly BrowseListing[] | null;
  /** The count line's number, null while it is not known. */
  total: number | null;
  /** Where `matched` starts in the results: the landing page's offset, while on its preset. */
  start: number;
  /** Listings not loaded yet, said under partial results; null when nothing is said. */
  stillLoading: number | null;
  /** The results of the whole set's first part are shown: the other parts may follow. */
  firstShown: boolean;
}

/**
 * What to show (pure). Filtering 10,000 listings takes a millisecond or two, so results render with the input.
 * A text no listing can match (the first part's alphabet tells) is answered at once, without the typo-tolerant
 * matcher or the other parts. Until fuse.js has loaded, exact matches show alone (typo-tolerant ones are appended
 * after them); with no exact match the list waits for it rather than saying 'none found' first. Final once the
 * loaded listings hold every possible match; until then the preset shows its pre-rendered page (`initial` is this
 * page's slice already), other filters the matches found so far, and the count waits.
 */
export function browseShown(input: {
  filters: Filters;
  demand: Demand;
  placeLoading: boolean;
  loaded: LoadedListings;
  /** The search code (./results-engine.ts), null until loaded. */
  engine: Engine | null;
  fuzzy: FuzzyMatcher | null;
  /** Position in the whole set (newest first) for the Newest order, whatever order the search returned. */
  positions: ReadonlyMap<string, number> | null;
  initial: readonly BrowseListing[];
  initialTotal: number;
  offset: number;
}): Shown {
  const { filters, demand, loaded, engine, initial } = input;
  const { onPreset } = demand;
  const all = loaded.listings;
  const results = all && engine && !input.placeLoading ? searchResults(input, all, engine) : null;
  const ready = results !== null && !!engine?.covers(loaded, filters, demand.loaderOrigin);
  const early = onPreset && input.offset === 0 && results !== null && results.length > initial.length;
  const matched = ready || early ? results : onPreset ? initial : results?.length ? results : null;
  return {
    results,
    ready,
    matched,
    total: ready && results ? results.length : onPreset ? input.initialTotal : null,
    start: ready && onPreset ? input.offset : 0,
    stillLoading: !ready && matched !== initial ? loaded.remaining : null,
    firstShown: results !== null && loaded.files.has(browseFileName({ kind: 'part', index: 0 })),
  };
}

/**
 * The browse view's loading: until the visitor touches it (or the URL asks for other filters or the map) it shows
 * the pre-rendered results and loads nothing; then it loads what the filters need (./browse-loader.ts) and shows
 * matches as soon as the first file is in. `touch` is for the view's focus and pointer events.
 */
export function useBrowseLoading({
  filters,
  preset,
  initial,
  initialTotal,
  offset,
}: {
  filters: Filters;
  preset: Filters;
  initial: readonly BrowseListing[];
  initialTotal: number;
  offset: number;
}) {
  const position = useStore($origin);
  const [touched, setTouched] = useState(false);
  // The downloads start in the event itself, not in the effect after the render it causes: a keystroke right after
  // the focus then finds them a render (tens of milliseconds on a phone) further along. So do those of every change
  // after it, in its own event (a plain text; distance mode waits for the render that knows where it measures from):
  // a first keystroke the first part cannot match asks for the parts that can at once.
  const listening = useRef(false);
  const touch = () => {
    if (listening.current) return;
    listening.current = true;
    setTouched(true);
    requestListings($filters.get());
  };
  // When the location text last changed: the whole set waits for the visitor to stop typing (below).
  const typed = useRef({ text: filters.location, at: Number.NEGATIVE_INFINITY });
  useEffect(
    () =>
      $filters.listen((next) => {
        if (next.location !== typed.current.text)
          typed.current = { text: next.location, at: performance.now() };
        if (listening.current && !nearOf(next) && !isNearMe(next.location)) requestListings(next);
      }),
    [],
  );
  useNearMe(filters.location);
  const place = useNearPlace(nearOf(filters));
  const demand = useMemo(
    () => browseDemand({ filters, preset, touched, position, place }),
    [filters, preset, touched, position, place],
  );
  const { active, origin, settled, loaderOrigin } = demand;
  useEffect(() => {
    if (settled !== undefined) settleNear(settled);
  }, [settled]);

  // While nothing is on screen for the filters, the next listings to arrive render at once, not in a transition.
  const waiting = useRef(true);
  const isWaiting = useCallback(() => waiting.current, []);
  const loaded = useLoadedListings(active, isWaiting);
  const all = loaded.listings;
  // The search code comes with the listings (./results-engine.ts): until both are in, the page shows what it has.
  const engine = useResultsEngine(active);
  const fuzzy = useFuzzyMatcher(all, !!engine?.wantsFuzzy(filters.location) && !origin);
  const byNewest = filters.sort === 'newest';
  const positions = useMemo(
    () => (byNewest ? new Map(all?.map((l, i) => [l.slug, i])) : null),
    [all, byNewest],
  );
  const placeLoading = place === 'loading';
  const shown = useMemo(
    () =>
      browseShown({
        filters,
        demand,
        placeLoading,
        loaded,
        engine,
        fuzzy,
        positions,
        initial,
        initialTotal,
        offset,
      }),
    [filters, demand, placeLoading, loaded, engine, fuzzy, positions, initial, initialTotal, offset],
  );

  // What to load (./browse-loader.ts): what the filters need, measured from the place once it is known. The whole
  // set's other parts come only once the results of its first part are on screen (this effect runs after that
  // render), the filters have rested and the visitor has stopped typing: while the visitor types, a phone's
  // connection carries what the text needs (the first part, the place suggestions' pieces), its CPU answers the
  // keys rather than decoding the whole set (at 50,000 listings a key typed as the parts arrived waited behind
  // their decoding and its garbage collections: docs/scaling.md, "Measured again, 2026-12-02 evening"), and a text
  // that turns out to need less (a ZIP typed on into distance mode) never fetches the whole set. While nothing
  // loaded matches, the few parts that alone can hold the text's matches come without the pause (`fewPartsToLoad`).
  const { firstShown } = shown;
  const nothingShown = shown.results?.length === 0;
  waiting.current = !shown.results?.length;
  useEffect(() => {
    if (!active) return;
    requestListings(filters, loaderOrigin);
    if (!firstShown) return;
    if (nothingShown) requestListings(filters, loaderOrigin, 'few');
    const rest = Math.max(FILTERS_AT_REST_MS, typed.current.at + TYPING_PAUSE_MS - performance.now());
    const timer = setTimeout(() => requestListings(filters, loaderOrigin, 'rest'), rest);
    return () => clearTimeout(timer);
  }, [active, filters, loaderOrigin, firstShown, nothingShown]);

  return { touch, loaded, origin, loaderOrigin, engine, fuzzy, ...shown };
}
