import { describe, expect, it } from 'vitest';
import { tileCoordinates, tileGrid, tileUrl } from '../../src/domain/map-tiles';

describe('tileGrid', () => {
  it('finds the tile of a point as tile servers number them', () => {
    // Boulder, CO at zoom 13 is tile 1700/3100 (x/y), as on openstreetmap.org.
    const { x, y } = tileCoordinates(40.015, -105.2705, 13);
    expect([Math.floor(x), Math.floor(y)]).toEqual([1700, 3100]);
    expect(tileUrl('https://t.example/{z}/{x}/{y}.png', { z: 13, x: 1700, y: 3100 })).toBe(
      'https://t.example/13/1700/3100.png',
    );
  });

  it('covers a 512 x 256 frame centred on the point with 3 x 2 tiles', () => {
    for (const [lat, lng] of [
      [40.015, -105.2705],
      [35.6, -82.55],
      [64.84, -147.72],
      [21.3, -157.85],
    ] as const) {
      const grid = tileGrid(lat, lng, 13);
      expect(grid.tiles).toHaveLength(6);
      expect(grid.pointX - 256).toBeGreaterThanOrEqual(0);
      expect(grid.pointX + 256).toBeLessThanOrEqual(grid.width);
      expect(grid.pointY - 128).toBeGreaterThanOrEqual(0);
      expect(grid.pointY + 128).toBeLessThanOrEqual(grid.height);
      const { x, y } = tileCoordinates(lat, lng, 13);
      const own = grid.tiles.find((t) => t.x === Math.floor(x) && t.y === Math.floor(y))!;
      expect(grid.pointX - own.left).toBeCloseTo((x % 1) * 256);
      expect(grid.pointY - own.top).toBeCloseTo((y % 1) * 256);
    }
  });
});
