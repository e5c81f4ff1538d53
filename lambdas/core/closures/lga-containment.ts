// Staff stay inside their own council: every part of a closure's roads (and a report cluster's
// centre) must lie within the LGA it belongs to. A road on the boundary may stray a little:
// BOUNDARY_TOLERANCE_M covers roads that form the border and the ABS boundaries' generalisation.
// The LGA boundaries come from lambdas/core/lga-locate.ts (the ABS file the server carries).
import CheapRuler from 'cheap-ruler';
import type { LgaArea, LgaLocator } from '../lga-locate';
import { inPolygons } from '../lga-locate';

/** How far outside its LGA's boundary a point of a closure may lie (a border road, generalised boundaries). */
export const BOUNDARY_TOLERANCE_M = 250;
/** Points are checked along every segment at this spacing, so a long straight segment cannot cut across a neighbour. */
const SAMPLE_SPACING_M = 50;
/** More samples than any real closure needs; past this the spacing grows. */
const MAX_SAMPLES = 20_000;

type Point = [number, number];

/** Every vertex, plus points along each segment no further apart than the spacing. */
export function samplePoints(lines: readonly (readonly Point[])[], spacing = SAMPLE_SPACING_M): Point[] {
  const points: Point[] = [];
  let total = 0;
  for (const line of lines) if (line[0]) total += new CheapRuler(line[0][1], 'meters').lineDistance(line as Point[]);
  const step = Math.max(spacing, total / MAX_SAMPLES);
  for (const line of lines) {
    if (line.length === 0) continue;
    const ruler = new CheapRuler(line[0][1], 'meters');
    points.push([line[0][0], line[0][1]]);
    for (let i = 1; i < line.length; i++) {
      const a = line[i - 1];
      const b = line[i];
      const length = ruler.distance(a as Point, b as Point);
      const pieces = Math.ceil(length / step);
      for (let k = 1; k <= pieces; k++) {
        const t = k / pieces;
        points.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]);
      }
    }
  }
  return points;
}

/** Metres from a point to the nearest edge of the area's boundary (outer rings and holes). */
export function distanceToBoundary(area: LgaArea, point: Point): number {
  const ruler = new CheapRuler(point[1], 'meters');
  let best = Infinity;
  for (const polygon of area.polygons)
    for (const ring of polygon)
      for (let i = 1; i < ring.length; i++) best = Math.min(best, ruler.pointToSegmentDistance(point, ring[i - 1], ring[i]));
  return best;
}

export type Containment = { ok: true } | { ok: false; point: Point; otherLga?: { code: string; name: string } };

/** Whether every sampled point of the lines lies within the area, or within the tolerance of its boundary. */
export function linesWithinLga(lines: readonly (readonly Point[])[], area: LgaArea, locator: Pick<LgaLocator, 'locate'>, toleranceM = BOUNDARY_TOLERANCE_M): Containment {
  for (const point of samplePoints(lines)) {
    if (inPolygons(area.polygons, point[0], point[1])) continue;
    if (distanceToBoundary(area, point) <= toleranceM) continue;
    const other = locator.locate(point[0], point[1]);
    return { ok: false, point, ...(other ? { otherLga: other } : {}) };
  }
  return { ok: true };
}

/** The error staff read: which council the road belongs to, and that it is not theirs. */
export function outsideLgaMessage(ownName: string, result: Extract<Containment, { ok: false }>): string {
  return result.otherLga
    ? `This road is in ${result.otherLga.name}, not ${ownName}: staff can only work on roads of their own council`
    : `This road is outside ${ownName}: staff can only work on roads of their own council`;
}
