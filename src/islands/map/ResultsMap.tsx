import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import Supercluster from 'supercluster';
import type { MapTiles } from '../../config';
import type { BrowseListing } from '../../domain/browse-data';
import type { Bounds } from '../../domain/map-area';
import { areaText, boundsOf, clusterLabel, clusterText, toPointFeatures } from '../../domain/map-clusters';
import { buttonMarker, createMap, L, mapStyles } from './leaflet-setup';
import { MapPreview } from './MapPreview';

interface Props {
  /** Every result of the current filters (not only the page the list shows). */
  listings: readonly BrowseListing[];
  tiles: MapTiles;
  /** The area filter ('Search this area'), null for none: the map opens on it. */
  area: Bounds | null;
  /** Changes when the filters other than the area change: the map then fits the new results. */
  fitKey: string;
  /** Opens a listing's detail dialog. */
  onOpen: (slug: string) => void;
  /** Filters to an area ('south,west,north,east'). */
  onSearchArea: (area: string) => void;
  /** Where published photos are served (the preview card's photo). */
  photoBase: string;
}

const toLatLngBounds = (b: Bounds) => L.latLngBounds([b.south, b.west], [b.north, b.east]);

/**
 * The browse view's map: every result, clustered by supercluster so that 10,000 markers stay smooth
 * (only the clusters and points of the visible box are drawn, again after each move). A point opens a preview
 * card (./MapPreview.tsx) whose button opens the listing's dialog, a cluster zooms in; both are buttons a keyboard reaches. Moving the map offers 'Search this
 * area'. Loaded on demand with Leaflet, when the visitor first opens the map; it shares no module with the page's first
 * load but React (the stores are reached through props), so the browse page's own chunks stay as they are.
 */
export default function ResultsMap({
  listings: current,
  tiles,
  area,
  fitKey,
  onOpen,
  onSearchArea,
  photoBase,
}: Props) {
  // Clustering 10,000 points takes tens of milliseconds: React does it after the keystroke's own frame.
  const listings = useDeferredValue(current);
  const element = useRef<HTMLElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  // Moves the code makes (fitting results) do not offer 'Search this area'; the visitor's own moves do.
  const programmatic = useRef(false);
  const [moved, setMoved] = useState(false);
  const [ready, setReady] = useState(false);
  const [preview, setPreview] = useState<BrowseListing | null>(null);

  const index = useMemo(() => {
    // Radius in screen pixels (extent = tile size): clusters sit at least about their own size apart, so their
    // buttons do not overlap (axe's target-size).
    const clusters = new Supercluster<{ index: number }>({ radius: 64, extent: 256, maxZoom: 15 });
    return clusters.load(toPointFeatures(listings));
  }, [listings]);

  useEffect(() => {
    let m: L.Map | null = null;
    let live = true;
    // Leaflet measures its container: its style sheet first.
    mapStyles().then(() => {
      if (!live || !element.current) return;
      m = createMap(element.current, tiles);
      map.current = m;
      layer.current = L.layerGroup().addTo(m);
      m.on('moveend', () => {
        if (!programmatic.current) setMoved(true);
      });
      setReady(true);
    });
    return () => {
      live = false;
      m?.remove();
      map.current = null;
      setReady(false);
    };
  }, [tiles]);

  // Fit the results (or the area being searched) when the map opens and when other filters change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refits on a change of filters, not of each result
  useEffect(() => {
    const m = map.current;
    if (!m || !ready) return;
    const box = area ?? boundsOf(listings);
    // Without animation Leaflet moves, and says so ('moveend'), before these calls return.
    programmatic.current = true;
    if (box)
      m.fitBounds(toLatLngBounds(box), { animate: false, maxZoom: 12, padding: area ? [0, 0] : [20, 20] });
    else m.setView([39.5, -98.35], 4, { animate: false });
    programmatic.current = false;
    setMoved(false);
  }, [ready, fitKey]);

  // Draw the clusters and points of the visible box, now and after every move. A marker still in view is kept, not
  // redrawn: a traveler who clicks a pin while the map is still settling must not lose the click to a new pin.
  useEffect(() => {
    const m = map.current;
    const group = layer.current;
    if (!m || !group || !ready) return;
    const shown = new Map<string, L.Marker>();
    const draw = () => {
      const b = m.getBounds();
      const features = index.getClusters(
        [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()],
        Math.round(m.getZoom()),
      );
      const keep = new Set<string>();
      for (const f of features) {
        const [lng, lat] = f.geometry.coordinates as [number, number];
        const cluster = 'cluster' in f.properties && f.properties.cluster ? f.properties : null;
        // Supercluster's cluster ids encode their zoom, so a key names the same marker only at the same zoom.
        const key = cluster ? `c${cluster.cluster_id}` : `p${(f.properties as { index: number }).index}`;
        keep.add(key);
        if (shown.has(key)) continue;
        let marker: L.Marker | null = null;
        if (cluster) {
          const { point_count: count, cluster_id: id } = cluster;
          const size = count < 10 ? 32 : count < 100 ? 38 : count < 1000 ? 44 : 50;
          const icon = L.divIcon({
            className: 'map-cluster',
            html: `<span aria-hidden="true">${clusterText(count)}</span>`,
            iconSize: [size, size],
          });
          marker = buttonMarker([lat, lng], icon, clusterLabel(count), () =>
            m.setView([lat, lng], Math.min(index.getClusterExpansionZoom(id), 18)),
          );
        } else {
          const listing = listings[(f.properties as { index: number }).index];
          if (!listing) continue;
          const icon = L.divIcon({ className: 'map-pin', iconSize: [26, 26], iconAnchor: [13, 26] });
          marker = buttonMarker([lat, lng], icon, listing.property_name, () => setPreview(listing));
        }
        shown.set(key, marker.addTo(group));
      }
      for (const [key, marker] of shown)
        if (!keep.has(key)) {
          group.removeLayer(marker);
          shown.delete(key);
        }
    };
    draw();
    m.on('moveend', draw);
    return () => {
      m.off('moveend', draw);
      group.clearLayers();
    };
  }, [index, listings, ready]);

  const searchArea = () => {
    const b = map.current?.getBounds();
    if (!b) return;
    onSearchArea(
      areaText({ south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() }),
    );
    setMoved(false);
  };

  return (
    // A phone: most of the screen. A wide screen: the height of the column beside the list (BrowseApp).
    <div className="relative h-full">
      <section
        ref={element}
        aria-label="Map of the results (arrow keys pan, plus and minus zoom)"
        className="h-[75dvh] w-full overflow-hidden rounded-xl border border-stone-200 lg:h-full"
      />
      {preview && (
        <MapPreview
          listing={preview}
          photoBase={photoBase}
          onOpen={onOpen}
          onClose={() => setPreview(null)}
        />
      )}
      {moved && (
        <button
          type="button"
          onClick={searchArea}
          className="absolute top-3 left-1/2 z-[1000] -translate-x-1/2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-emerald-900 shadow-md ring-1 ring-stone-300 hover:bg-emerald-50"
        >
          Search this area
        </button>
      )}
    </div>
  );
}
