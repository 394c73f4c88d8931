import type { MapTiles } from '../../config';
import { createMap, L, mapStyles } from './leaflet-setup';

/** What ListingMap.astro writes into its element's data-map attribute. */
export interface ListingMapData {
  latitude: number;
  longitude: number;
  name: string;
  tiles: MapTiles;
}

/**
 * Replaces the listing page's map placeholder (a link to the place on OpenStreetMap) with a small Leaflet map and
 * a pin. Scroll-wheel zoom is off so the page scrolls past it; keyboard and buttons still zoom.
 */
export async function showListingMap(element: HTMLElement): Promise<void> {
  await mapStyles();
  const data = JSON.parse(element.dataset.map ?? '{}') as ListingMapData;
  element.replaceChildren();
  const at: L.LatLngExpression = [data.latitude, data.longitude];
  const map = createMap(element, data.tiles, { scrollWheelZoom: false });
  map.setView(at, 12);
  L.marker(at, {
    icon: L.divIcon({ className: 'map-pin', iconSize: [22, 22], iconAnchor: [11, 22] }),
    keyboard: false,
    interactive: false,
    alt: data.name,
  }).addTo(map);
}
