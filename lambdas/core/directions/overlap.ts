// Geometry for routes that do not come from our road graph (Amazon Location): whether a route
// runs along a closed stretch, and closure lines made small enough to send as avoid areas.
import Flatbush from 'flatbush';
import type { RouteClosure } from '../roads/avoid';
import { degreeSpan, haversine, projectOntoSegment, type Position } from '../roads/geo';
import { runsAlong } from '../roads/stretches';

/** Two surveys of one road (HERE's and OSM's) may lie this far apart. */
export const OVERLAP_TOLERANCE_M = 20;
const SAMPLE_STEP_M = 20;

function parts(closure: RouteClosure): Position[][] {
  return (closure.geometry.type === 'MultiLineString' ? closure.geometry.coordinates : [closure.geometry.coordinates]) as Position[][];
}

class RouteIndex {
  private readonly index: Flatbush;

  constructor(private readonly line: readonly Position[]) {
    this.index = new Flatbush(Math.max(1, line.length - 1));
    for (let i = 1; i < line.length; i++) {
      const [ax, ay] = line[i - 1];
      const [bx, by] = line[i];
      this.index.add(Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by));
    }
    if (line.length < 2) this.index.add(1000, 1000, 1000, 1000);
    this.index.finish();
  }

  near(lng: number, lat: number, metres: number): boolean {
    const { dLat, dLng } = degreeSpan(lat, metres);
    for (const i of this.index.search(lng - dLng, lat - dLat, lng + dLng, lat + dLat)) {
      if (i + 1 >= this.line.length) continue;
      const [ax, ay] = this.line[i];
      const [bx, by] = this.line[i + 1];
      if (projectOntoSegment(lng, lat, ax, ay, bx, by).distance <= metres) return true;
    }
    return false;
  }
}

/** Metres of the closure line that lie within the tolerance of the route, sampled every 20 m. */
function sharedLength(route: RouteIndex, line: readonly Position[], tolerance: number): { shared: number; length: number } {
  let shared = 0;
  let length = 0;
  for (let i = 1; i < line.length; i++) {
    const [ax, ay] = line[i - 1];
    const [bx, by] = line[i];
    const segment = haversine(ax, ay, bx, by);
    length += segment;
    const samples = Math.max(1, Math.ceil(segment / SAMPLE_STEP_M));
    for (let s = 0; s < samples; s++) {
      const t = (s + 0.5) / samples;
      if (route.near(ax + (bx - ax) * t, ay + (by - ay) * t, tolerance)) shared += segment / samples;
    }
  }
  return { shared, length };
}

/** Ids of the closures the route runs along (for at least 60 m, or most of a shorter closure). */
export function closuresAlongRoute(route: readonly Position[], closures: readonly RouteClosure[], tolerance = OVERLAP_TOLERANCE_M): string[] {
  if (route.length < 2) return [];
  const index = new RouteIndex(route);
  return closures
    .filter((closure) =>
      parts(closure).some((line) => {
        const { shared, length } = sharedLength(index, line, tolerance);
        return runsAlong(shared, length);
      }),
    )
    .map((c) => c.id);
}

function perpendicular(p: Position, a: Position, b: Position): number {
  return projectOntoSegment(p[0], p[1], a[0], a[1], b[0], b[1]).distance;
}

/** Douglas–Peucker with a tolerance in metres (iterative: closure lines may have 5,000 vertices). */
export function simplifyLine(line: readonly Position[], toleranceM: number): Position[] {
  if (line.length <= 2) return [...line];
  const keep = new Uint8Array(line.length);
  keep[0] = keep[line.length - 1] = 1;
  const stack: [number, number][] = [[0, line.length - 1]];
  while (stack.length) {
    const [first, last] = stack.pop()!;
    let worst = -1;
    let worstDistance = toleranceM;
    for (let i = first + 1; i < last; i++) {
      const d = perpendicular(line[i], line[first], line[last]);
      if (d > worstDistance) {
        worst = i;
        worstDistance = d;
      }
    }
    if (worst >= 0) {
      keep[worst] = 1;
      stack.push([first, worst], [worst, last]);
    }
  }
  return line.filter((_, i) => keep[i] === 1);
}

/** Splits a line into pieces of at most `maxPoints` vertices that share their joints. */
export function chunkLine(line: readonly Position[], maxPoints: number): Position[][] {
  if (line.length <= maxPoints) return [[...line]];
  const out: Position[][] = [];
  for (let start = 0; start < line.length - 1; start += maxPoints - 1) out.push(line.slice(start, start + maxPoints));
  return out;
}
