import { useStore } from '@nanostores/react';
import {
  type MouseEvent,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { MapTiles } from '../../config';
import type { BrowseListing } from '../../domain/browse-data';
import { decodeFirstCards, decodeFirstCardsOnce } from '../../domain/browse-decode';
import { parseArea } from '../../domain/map-area';
import { PAGE_SIZE } from '../../domain/paging';
import { type Filters, filtersSchema, hasActiveFilters, sameFilters } from '../../domain/schemas/filters';
import { $openListing, bindDialogToHistory, openListing } from '../../stores/dialog';
import { $filters, applyFilters, setArea } from '../../stores/filters';
import { adoptUrlFilters, bindFiltersToUrl } from '../../stores/filters-url';
import { toggleSaved } from '../../stores/shortlist';
import { lazyComponent, onDemand } from '../shared/on-demand';
import { preloadSearchCode, whenIdle } from './data';
import { FilterPanel } from './FilterPanel';
import { useNoResultInsight } from './no-result-insight';
import { SortSelect } from './SortSelect';
import { plainCardsClick, usePlainHearts } from './static-cards';
import { useBrowseLoading } from './use-browse-loading';
import { MapButton, ViewToggle } from './ViewToggle';
import { useWaysOut } from './ways-out';

interface Props {
  /**
   * The page's first results, rendered at build time so they are in the served HTML (D11), in the browse files'
   * encoding: src/domain/browse-encode.ts encodeFirstCards.
   */
  first: string;
  initialTotal: number;
  /** Where `initial` starts in the preset's results: pages 2.. of a landing page. Filtering starts from the top. */
  offset?: number;
  /** Filters the page pre-applies (a state or type landing page): what they change from the defaults. */
  preset: Partial<Filters>;
  headingLevel: 1 | 2;
  /** The map's tiles. */
  tiles: MapTiles;
  /** Where published photos are served: `/photos` locally, the storage bucket in production. */
  photoBase: string;
  /** The first cards as plain HTML (the Astro slot: src/components/BrowseSection.astro; ./static-cards.tsx). */
  children?: ReactNode;
}

// The dialog's code loads when a visitor first opens a listing, or earlier when the browser is idle.
const loadDialog = onDemand(() => import('../listing/ListingDialog'));
const ListingDialog = lazyComponent(loadDialog, (m) => m.ListingDialog);
// The results component loads when the browser is idle or the visitor touches the view: until the filters change
// what the cards list, the page's own cards stay (./static-cards.tsx).
const loadResults = onDemand(() => import('./Results'));
const Results = lazyComponent(loadResults, (m) => m.Results);
const preloadResults = () => void loadResults().catch(() => {});
// The plain cards' later photos (./plain-photos.tsx) and the saved search's offer: neither is needed at first.
const loadPlainPhotos = onDemand(() => import('./plain-photos'));
const PlainCardPhotos = lazyComponent(loadPlainPhotos, (m) => m.default);
const SaveSearch = lazyComponent(
  onDemand(() => import('../alerts/SaveSearch')),
  (m) => m.default,
);
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
  first,
  initialTotal,
  offset = 0,
  preset: changes,
  headingLevel,
  tiles,
  photoBase,
  children,
}: Props) {
  // The build renders this page's static cards from the same prop (src/components/BrowseSection.astro): one decode.
  const initial = useMemo(
    () => (import.meta.env.SSR ? decodeFirstCardsOnce : decodeFirstCards)(first),
    [first],
  );
  const preset = useMemo(() => filtersSchema.parse(changes), [changes]);
  // The server rendered the preset (the store is shared by every page the build renders), so hydration does too;
  // in the browser the store holds what the URL says from this first render on (the preset's own object when the
  // URL adds nothing), and the address bar follows the store.
  useState(() => adoptUrlFilters(preset));
  const live = useStore($filters, { ssr: () => preset });
  // When the URL asks for other filters, React renders once more right after hydrating, at once and whole: while the
  // store says what the page was built with, the view keeps the preset's own object, so that render changes no
  // child's props and the memoised panel and results skip it (docs/performance.md, "Work at load").
  const filters = sameFilters(live, preset) ? preset : live;
  const openSlug = useStore($openListing);
  useEffect(() => bindFiltersToUrl(preset), [preset]);
  useEffect(bindDialogToHistory, []);
  // Focus or a touch anywhere in the view: the visitor is about to filter, so the listings start loading (the map
  // needs them at once).
  const {
    touch,
    loaded,
    origin,
    loaderOrigin,
    engine,
    fuzzy,
    results,
    ready,
    matched,
    total,
    start,
    stillLoading,
  } = useBrowseLoading({
    filters,
    preset,
    initial,
    initialTotal,
    offset,
  });
  useNoResultInsight(filters, total);
  const all = loaded.listings;
  const mapOpen = filters.view === 'map';
  const mapId = useId();
  const empty = ready && results?.length === 0;
  const waysOut = useWaysOut({ empty, filters, engine, loaded, origin, loaderOrigin, fuzzy });

  const hasListings = all !== null;
  useEffect(() => (hasListings ? whenIdle(loadDialog) : undefined), [hasListings]);

  const key = JSON.stringify(filters);
  const [paging, setPaging] = useState({ key, limit: PAGE_SIZE });
  const limit = paging.key === key ? paging.limit : PAGE_SIZE;

  const shown = useMemo(() => matched?.slice(start, start + limit) ?? null, [matched, start, limit]);
  const showMore = useCallback(() => setPaging({ key, limit: limit + PAGE_SIZE }), [key, limit]);
  const milesAway = useMemo(
    () => (origin && engine ? (l: BrowseListing) => engine.distanceMiles(origin, l) : null),
    [origin, engine],
  );

  // The page's plain cards stay while they list what the results would (./static-cards.tsx); once the results
  // component has taken over, it keeps the view.
  const asServed =
    !mapOpen &&
    !milesAway &&
    limit === PAGE_SIZE &&
    (ready ? null : loaded.error) === null &&
    sameCards(shown, initial);
  const [takenOver, setTakenOver] = useState(false);
  if (!asServed && !takenOver) setTakenOver(true);
  const plain = children != null && asServed && !takenOver;
  const cards = useRef<HTMLDivElement>(null);
  // "Show more" under the plain cards: the results component shows more once it is in, and focus goes to its own
  // "Show more", as it stays on that button when the component was already showing the cards.
  const focusMore = useRef(false);
  const answerPlainCards = (event: MouseEvent<HTMLDivElement>) => {
    const asked = plainCardsClick(event.nativeEvent, event.currentTarget);
    if (!asked) return;
    if ('open' in asked) {
      event.preventDefault();
      openListing(asked.open);
      return;
    }
    if ('save' in asked) {
      toggleSaved(asked.save);
      return;
    }
    focusMore.current = true;
    loadResults().then(showMore, () => {});
  };
  useEffect(() => {
    if (plain || !focusMore.current) return;
    focusMore.current = false;
    cards.current?.querySelector<HTMLElement>('.more-results button')?.focus();
  }, [plain]);
  usePlainHearts(cards, children != null, plain);
  const [idle, setIdle] = useState(false);
  useEffect(
    () =>
      whenIdle(() => {
        preloadResults();
        preloadSearchCode();
        setIdle(true);
      }),
    [],
  );

  // With the listings (`touch` above), the results' code starts loading.
  const reachFor = () => {
    preloadResults();
    touch();
  };

  const selected = openSlug
    ? (all?.find((l) => l.slug === openSlug) ?? initial.find((l) => l.slug === openSlug) ?? null)
    : null;

  return (
    <div onFocusCapture={reachFor} onPointerDownCapture={reachFor}>
      <FilterPanel filters={filters} total={total} headingLevel={headingLevel} />
      <div className="view-bar">
        <ViewToggle view={filters.view} area={filters.area} />
        <SortSelect filters={filters} />
      </div>
      {/* The map beside the list on a wide screen (sticky, the height of the screen), above it on a phone. */}
      <div
        className={
          mapOpen ? 'lg:grid lg:grid-cols-[minmax(0,6fr)_minmax(0,5fr)] lg:items-start lg:gap-6' : ''
        }
      >
        {mapOpen && (
          <div
            id={mapId}
            className="mt-6 min-h-[75dvh] scroll-mt-2 lg:sticky lg:top-4 lg:order-2 lg:h-[calc(100dvh-2rem)] lg:min-h-0"
          >
            {ready && results && (
              // The list says when results are loading; the map appears once its code and every result are there
              // (the matches of the first listings file alone would be redrawn as the rest arrives).
              <Suspense fallback={null}>
                <ResultsMap
                  listings={results}
                  tiles={tiles}
                  area={parseArea(filters.area)}
                  fitKey={JSON.stringify({ ...filters, view: '', area: '' })}
                  onOpen={openListing}
                  onSearchArea={setArea}
                  photoBase={photoBase}
                />
              </Suspense>
            )}
          </div>
        )}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the clicks answered are those of the links and buttons inside (./static-cards.tsx) */}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: idem: keyboard activation of those links and buttons is a click */}
        <div ref={cards} onClick={children != null ? answerPlainCards : undefined}>
          {plain ? (
            <>
              {children}
              {idle && (
                <Suspense fallback={null}>
                  <PlainCardPhotos root={cards} listings={initial} base={photoBase} />
                </Suspense>
              )}
            </>
          ) : (
            // Until the results' code is in, the page's cards stay, answering (./static-cards.tsx), but they no
            // longer list what the filters ask: marked busy (and dimmed, src/styles/global.css).
            <Suspense fallback={<div aria-busy="true">{children}</div>}>
              <Results
                photoBase={photoBase}
                listings={shown}
                start={start}
                total={total ?? 0}
                error={ready ? null : loaded.error}
                stillLoading={stillLoading}
                onShowMore={showMore}
                milesAway={milesAway}
                waysOut={waysOut}
                onWayOut={applyFilters}
                withHeading={headingLevel === 1}
                beside={mapOpen}
              />
            </Suspense>
          )}
        </div>
      </div>
      <MapButton view={filters.view} target={mapId} />
      {selected && (
        <Suspense fallback={null}>
          <ListingDialog listing={selected} photoBase={photoBase} />
        </Suspense>
      )}
      {idle && hasActiveFilters(filters) && (
        <Suspense fallback={null}>
          <SaveSearch />
        </Suspense>
      )}
    </div>
  );
}

/** The same listings in the same order (the results of the page's own filters, before and after they load). */
function sameCards(shown: readonly BrowseListing[] | null, initial: readonly BrowseListing[]): boolean {
  return (
    shown !== null && shown.length === initial.length && shown.every((l, i) => l.slug === initial[i]?.slug)
  );
}
