import { useStore } from '@nanostores/react';
import { Suspense, useEffect, useMemo, useState } from 'react';
import type { MapTiles } from '../../config';
import type { Origin } from '../../domain/browse-coverage';
import type { BrowseListing } from '../../domain/browse-data';
import { browseFileName } from '../../domain/browse-files';
import { isNearMe } from '../../domain/location';
import { parseArea } from '../../domain/map-area';
import { PAGE_SIZE } from '../../domain/paging';
import { nearOf } from '../../domain/places/near';
import { type Filters, sameResults } from '../../domain/schemas/filters';
import { $openListing, openListing } from '../../stores/dialog';
import { $filters, $origin, setArea, settleNear } from '../../stores/filters';
import { bindFiltersToUrl, FILTERS_AT_REST_MS } from '../../stores/filters-url';
import { lazyComponent, onDemand } from '../shared/on-demand';
import { requestListings, useFuzzyMatcher, useLoadedListings, useResultsEngine, whenIdle } from './data';
import { FilterPanel } from './FilterPanel';
import { useNearMe, useNearPlace } from './hooks';
import { Results } from './Results';
import { SortSelect } from './SortSelect';
import { ViewToggle } from './ViewToggle';

interface Props {
  /** The page's first results, rendered at build time so they are in the served HTML (D11). */
  initial: BrowseListing[];
  initialTotal: number;
  /** Where `initial` starts in the preset's results: pages 2.. of a landing page. Filtering starts from the top. */
  offset?: number;
  /** Filters the page pre-applies (a state or type landing page), or the defaults. */
  preset: Filters;
  headingLevel: 1 | 2;
  /** The map's tiles (issue 17). */
  tiles: MapTiles;
  /** Where published photos are served (issue 12): `/photos` locally, the storage bucket in production. */
  photoBase: string;
  /** Blurred covers of the `initial` cards, by slug, shown while their photos load. */
  placeholders?: Record<string, string>;
}

// The dialog's code loads when a visitor first opens a listing, or earlier when the browser is idle.
const loadDialog = onDemand(() => import('../listing/ListingDialog'));
const ListingDialog = lazyComponent(loadDialog, (m) => m.ListingDialog);
// The map (Leaflet, supercluster and their CSS) loads only when the visitor opens it: nothing of it at first load.
const ResultsMap = lazyComponent(
  onDemand(() => import('../map/ResultsMap')),
  (m) => m.default,
);

/**
 * The browse view: filter panel, results (a list, or a map above it) and detail dialog over the static listings
 * files. Until the visitor touches it (or the URL asks for other filters or the map) it shows the pre-rendered
 * results and loads nothing; then it loads what the filters need (./browse-loader.ts) and shows matches as soon as
 * the first file is in.
 */
export default function BrowseApp({
  initial,
  initialTotal,
  offset = 0,
  preset,
  headingLevel,
  tiles,
  photoBase,
  placeholders = {},
}: Props) {
  // The server rendered the preset (the store is shared by every page the build renders), so hydration does too;
  // then the store holds what the URL says, and the address bar follows the store.
  const filters = useStore($filters, { ssr: () => preset });
  const position = useStore($origin);
  const openSlug = useStore($openListing);
  // The view (list or map) shows the same results: only the filters decide whether the preset's page still applies.
  const onPreset = sameResults(filters, preset);
  // Focus or a touch anywhere in the view: the visitor is about to filter, so the listings start loading. The map
  // needs them at once.
  const [touched, setTouched] = useState(false);
  // The downloads start in the event itself, not in the effect after the render it causes: a keystroke right after
  // the focus then finds them a render (tens of milliseconds on a phone) further along.
  const touch = () => {
    if (touched) return;
    setTouched(true);
    requestListings($filters.get());
  };
  const active = touched || !onPreset || filters.view === 'map';
  const loaded = useLoadedListings(active);
  const all = loaded.listings;

  useEffect(() => bindFiltersToUrl(preset), [preset]);
  const hasListings = all !== null;
  useEffect(() => (hasListings ? whenIdle(loadDialog) : undefined), [hasListings]);
  useNearMe(filters.location);

  // Distance mode (D27) measures from the visitor's position ('Near Me') or from the place of `near` (a chosen
  // place or a typed ZIP), which loads from the gazetteer; a place it does not know leaves the plain text rule.
  const place = useNearPlace(nearOf(filters));
  const origin = isNearMe(filters.location) ? position : place === 'loading' ? null : place;
  const settled = filters.near && place !== 'loading' ? (place?.label ?? null) : undefined;
  useEffect(() => {
    if (settled !== undefined) settleNear(settled);
  }, [settled]);

  // The search code comes with the listings (./results-engine.ts): until both are in, the page shows what it has.
  const engine = useResultsEngine(active);
  const fuzzy = useFuzzyMatcher(all, !!engine?.wantsFuzzy(filters.location) && !origin);
  // Position in the whole set (newest first) for the Newest order, whatever order the search returned.
  const byNewest = filters.sort === 'newest';
  const positions = useMemo(
    () => (byNewest ? new Map(all?.map((l, i) => [l.slug, i])) : null),
    [all, byNewest],
  );

  // A text no listing can match (the first part's alphabet tells) is answered at once, without the typo-tolerant
  // matcher or the other parts.
  const impossible =
    !!engine && !origin && loaded.alphabet !== null && engine.cannotMatch(filters.location, loaded.alphabet);
  // Filtering 10,000 listings takes a millisecond or two, so results render with the input, in the same frame.
  // Until fuse.js has loaded, exact matches show alone (typo-tolerant ones are appended after them); with no exact
  // match the list waits for it rather than saying 'none found' first.
  const results = useMemo(() => {
    if (!all || !engine || place === 'loading') return null;
    if (impossible) return [];
    const list = engine.searchListings(all, filters, { origin, fuzzy });
    if (list.length === 0 && !origin && !fuzzy && engine.wantsFuzzy(filters.location)) return null;
    return engine.sortListings(list, filters.sort, { position: (l) => positions?.get(l.slug) ?? 0 });
  }, [all, engine, filters, origin, fuzzy, place, positions, impossible]);

  // What to load (./browse-loader.ts): what the filters need, measured from the place once it is known. The whole
  // set's other parts come only once the results of its first part are on screen (this effect runs after that
  // render) and the filters rest: while the visitor types, a phone's connection carries what the text needs (the
  // first part, the place suggestions' pieces), and a text that turns out to need less (a ZIP typed on into
  // distance mode) never fetches them.
  const loaderOrigin: Origin = place === 'loading' ? 'pending' : origin;
  const firstShown = results !== null && loaded.files.has(browseFileName({ kind: 'part', index: 0 }));
  useEffect(() => {
    if (!active) return;
    requestListings(filters, loaderOrigin);
    if (!firstShown) return;
    const timer = setTimeout(() => requestListings(filters, loaderOrigin, true), FILTERS_AT_REST_MS);
    return () => clearTimeout(timer);
  }, [active, filters, loaderOrigin, firstShown]);

  // Final once the loaded listings hold every possible match; until then the preset shows its pre-rendered page
  // (`initial` is this page's slice already), other filters the matches found so far, and the count waits.
  const ready = results !== null && !!engine?.covers(loaded, filters, loaderOrigin);
  const early = onPreset && offset === 0 && results !== null && results.length > initial.length;
  const matched = ready || early ? results : onPreset ? initial : results?.length ? results : null;
  const total = ready ? results.length : onPreset ? initialTotal : null;
  const start = ready && onPreset ? offset : 0;
  const stillLoading = !ready && matched !== initial ? loaded.remaining : null;

  const key = JSON.stringify(filters);
  const [paging, setPaging] = useState({ key, limit: PAGE_SIZE });
  const limit = paging.key === key ? paging.limit : PAGE_SIZE;

  const selected = openSlug
    ? (all?.find((l) => l.slug === openSlug) ?? initial.find((l) => l.slug === openSlug) ?? null)
    : null;

  return (
    <div onFocusCapture={touch} onPointerDownCapture={touch}>
      <FilterPanel filters={filters} total={total} headingLevel={headingLevel} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <ViewToggle view={filters.view} area={filters.area} />
        <SortSelect filters={filters} />
      </div>
      {filters.view === 'map' && ready && (
        // The list below says when results are loading; the map appears once its code and every result are there
        // (the matches of the first listings file alone would be redrawn as the rest arrives).
        <Suspense fallback={null}>
          <ResultsMap
            listings={results}
            tiles={tiles}
            area={parseArea(filters.area)}
            fitKey={JSON.stringify({ ...filters, view: '', area: '' })}
            onOpen={openListing}
            onSearchArea={setArea}
          />
        </Suspense>
      )}
      <Results
        photoBase={photoBase}
        placeholders={placeholders}
        listings={matched ? matched.slice(start, start + limit) : null}
        start={start}
        total={total ?? 0}
        error={ready ? null : loaded.error}
        stillLoading={stillLoading}
        onShowMore={() => setPaging({ key, limit: limit + PAGE_SIZE })}
        milesAway={origin && engine ? (l) => engine.distanceMiles(origin, l) : null}
        withHeading={headingLevel === 1}
      />
      {selected && (
        <Suspense fallback={null}>
          <ListingDialog listing={selected} photoBase={photoBase} />
        </Suspense>
      )}
    </div>
  );
}
