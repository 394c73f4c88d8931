import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { simplifyLine, stateOutlines } from '../../src/components/us-map';
import { US_STATES } from '../../src/domain/lists';

describe('simplifyLine', () => {
  it('drops points within the tolerance of the line and keeps the corners', () => {
    const line = [
      [0, 0],
      [1, 0.2],
      [2, -0.3],
      [3, 0],
      [3, 5],
    ];
    expect(simplifyLine(line, 1)).toEqual([
      [0, 0],
      [3, 0],
      [3, 5],
    ]);
    expect(simplifyLine(line, 0.1)).toHaveLength(5);
  });
});

describe('stateOutlines', () => {
  it('has an outline for every state, small enough for a page', () => {
    const outlines = stateOutlines();
    for (const state of US_STATES) {
      const outline = outlines.find((o) => o.name === state);
      expect(outline?.path, state).toMatch(/^M-?\d+,-?\d+l-?\d+,-?\d+( -?\d+,-?\d+)+z/);
    }
    // Whole pixels and simplified: under 12 KB gzipped for all of them.
    expect(gzipSync(outlines.map((o) => o.path).join('')).length).toBeLessThan(12 * 1024);
  });
});
