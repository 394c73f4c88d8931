import * as L from 'leaflet';
import leafletCss from 'leaflet/dist/leaflet.css?url';
import type { MapTiles } from '../../config';
import mapCss from './map.css?url';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

let styles: Promise<unknown> | null = null;

/**
 * Adds the maps' style sheets to the page, once. They are linked from here rather than imported, because Astro
 * would put a style sheet imported anywhere under an island into the head of every page with that island: the
 * browse pages would load the map's CSS before anyone opened the map.
 */
export function mapStyles(): Promise<unknown> {
  styles ??= Promise.all(
    [leafletCss, mapCss].map(
      (href) =>
        new Promise((done) => {
          const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
          link.addEventListener('load', done);
          link.addEventListener('error', done);
          document.head.append(link);
        }),
    ),
  );
  return styles;
}

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

/**
 * A focusable marker that reads as a button named `label` (the screen reader's name, also the hover title).
 * Leaflet 1.9 makes keyboard markers focusable buttons but does not activate them from the keyboard: Enter and
 * Space do here, as on any button.
 */
export function buttonMarker(
  at: L.LatLngExpression,
  icon: L.DivIcon,
  label: string,
  onActivate: () => void,
): L.Marker {
  const marker = L.marker(at, { icon, keyboard: true, title: label });
  marker.on('click', onActivate);
  marker.on('keydown', (e) => {
    const key = (e as L.LeafletKeyboardEvent).originalEvent;
    if (key.key !== 'Enter' && key.key !== ' ') return;
    key.preventDefault();
    onActivate();
  });
  marker.on('add', () => marker.getElement()?.setAttribute('aria-label', label));
  return marker;
}

export { L };
