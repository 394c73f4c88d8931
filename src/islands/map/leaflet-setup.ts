import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './map.css';
import type { MapTiles } from '../../config';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A Leaflet map in `element` with the configured tiles and their attribution (as text: configuration never
 * becomes markup). Keyboard panning and zooming are Leaflet's own (the map container is focusable).
 */
export function createMap(element: HTMLElement, tiles: MapTiles, options: L.MapOptions = {}): L.Map {
  const map = L.map(element, { keyboard: true, minZoom: 2, worldCopyJump: true, ...options });
  L.tileLayer(tiles.tileUrl, {
    maxZoom: 19,
    attribution: `<a href="${escapeHtml(tiles.attributionUrl)}" rel="noopener">${escapeHtml(tiles.attribution)}</a>`,
  }).addTo(map);
  return map;
}

/** A focusable marker that reads as a button named `label` (a screen reader's name, also the hover title). */
export function buttonMarker(
  at: L.LatLngExpression,
  icon: L.DivIcon,
  label: string,
  onActivate: () => void,
): L.Marker {
  const marker = L.marker(at, { icon, keyboard: true, title: label });
  marker.on('click', onActivate);
  marker.on('add', () => marker.getElement()?.setAttribute('aria-label', label));
  return marker;
}

export { L };
