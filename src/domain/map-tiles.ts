/**
 * Web-map tile arithmetic (the "slippy map" scheme every {z}/{x}/{y} tile server uses), for the listing page's
 * small map: a few tiles around a point, placed at build time, so the page needs no script to show it.
 */

export const TILE_SIZE = 256;

/** The point's position in tile units at a zoom level (x east from 180°W, y south from about 85°N). */
export function tileCoordinates(latitude: number, longitude: number, zoom: number): { x: number; y: number } {
  const n = 2 ** zoom;
  const lat = (Math.max(-85.0511, Math.min(85.0511, latitude)) * Math.PI) / 180;
  return {
    x: (((((longitude + 180) / 360) % 1) + 1) % 1) * n,
    y: ((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * n,
  };
}

export interface TileGrid {
  /** Each tile's address and its top-left corner in the grid, in pixels. */
  tiles: Array<{ z: number; x: number; y: number; left: number; top: number }>;
  /** Where the point lies in the grid, in pixels. */
  pointX: number;
  pointY: number;
  width: number;
  height: number;
}

/**
 * The 3 x 2 tiles around a point: its own tile with one on each side, and the row above or below, whichever is
 * nearer. Centred on the point, they cover a frame of up to 512 x 256 pixels.
 */
export function tileGrid(latitude: number, longitude: number, zoom: number): TileGrid {
  const n = 2 ** zoom;
  const { x, y } = tileCoordinates(latitude, longitude, zoom);
  const column = Math.floor(x);
  const row = Math.floor(y);
  const firstRow = Math.max(0, Math.min(n - 2, y - row < 0.5 ? row - 1 : row));
  const tiles: TileGrid['tiles'] = [];
  for (let r = 0; r < 2; r++)
    for (let c = 0; c < 3; c++)
      tiles.push({
        z: zoom,
        x: (column - 1 + c + n) % n,
        y: firstRow + r,
        left: c * TILE_SIZE,
        top: r * TILE_SIZE,
      });
  return {
    tiles,
    pointX: (x - (column - 1)) * TILE_SIZE,
    pointY: (y - firstRow) * TILE_SIZE,
    width: 3 * TILE_SIZE,
    height: 2 * TILE_SIZE,
  };
}

/** A tile's URL from a {z}/{x}/{y} template. */
export function tileUrl(template: string, tile: { z: number; x: number; y: number }): string {
  return template
    .replace('{z}', String(tile.z))
    .replace('{x}', String(tile.x))
    .replace('{y}', String(tile.y));
}
