/**
 * The outline of each state for the /states map, worked out at build time from us-atlas (ISC): its
 * states are already projected (Albers USA, Alaska and Hawaii inset) into a 975 x 610 box, so each outline only
 * becomes an SVG path, simplified (Douglas-Peucker, one pixel) and rounded to whole pixels to keep the page small.
 */
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import atlas from 'us-atlas/states-albers-10m.json';

export const US_MAP_WIDTH = 975;
export const US_MAP_HEIGHT = 610;
const TOLERANCE = 1;

function distanceToSegment(p: Position, a: Position, b: Position): number {
  const [px, py] = p as [number, number];
  const [ax, ay] = a as [number, number];
  const [bx, by] = b as [number, number];
  const dx = bx - ax;
  const dy = by - ay;
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Douglas-Peucker: the points of a line that keep it within `tolerance` of the original. */
export function simplifyLine(points: readonly Position[], tolerance = TOLERANCE): Position[] {
  if (points.length <= 2) return [...points];
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: Array<[number, number]> = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    let farthest = -1;
    let max = tolerance;
    for (let i = first + 1; i < last; i++) {
      const d = distanceToSegment(points[i]!, points[first]!, points[last]!);
      if (d > max) {
        max = d;
        farthest = i;
      }
    }
    if (farthest > 0) {
      keep[farthest] = 1;
      stack.push([first, farthest], [farthest, last]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}

function ringPath(ring: readonly Position[]): string {
  const points = simplifyLine(ring).map(([x, y]) => [Math.round(x!), Math.round(y!)] as const);
  const distinct = points.filter(
    (p, i) => i === 0 || p[0] !== points[i - 1]![0] || p[1] !== points[i - 1]![1],
  );
  // A ring that shrinks below three points or a square pixel (an islet at this scale): nothing to draw.
  const area = distinct.reduce((sum, [x, y], i) => {
    const [nx, ny] = distinct[(i + 1) % distinct.length]!;
    return sum + x * ny - nx * y;
  }, 0);
  if (distinct.length < 3 || Math.abs(area) / 2 < 1) return '';
  // The first point absolute, then steps relative to the previous one: short numbers.
  const [first, ...rest] = distinct;
  const steps = rest.map((p, i) => `${p[0] - distinct[i]![0]},${p[1] - distinct[i]![1]}`);
  return `M${first![0]},${first![1]}l${steps.join(' ')}z`;
}

/** SVG path data of a (multi)polygon. */
export function geometryPath(geometry: Polygon | MultiPolygon): string {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polygons.flatMap((rings) => rings.map(ringPath)).join('');
}

/** Each state's name and outline path, in the atlas's order. */
export function stateOutlines(): Array<{ name: string; path: string }> {
  const topology = atlas as unknown as Topology<{ states: GeometryCollection<{ name: string }> }>;
  const states = feature(topology, topology.objects.states);
  return states.features.map((f) => ({
    name: f.properties.name,
    path: geometryPath(f.geometry as Polygon | MultiPolygon),
  }));
}
