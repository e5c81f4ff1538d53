// The server-side check that keeps a closure (and a report cluster) inside its own council: the
// LGA's boundary from the current LGA data (lambdas/adapters/foundation/lga-boundaries.ts), else the
// bounding box stored on the LGA.
import { validationError } from '../../core/errors';
import { bboxesMeet, bboxOf, type Bbox } from '../../core/closures/geometry';
import { linesWithinLga, outsideLgaMessage } from '../../core/closures/lga-containment';
import type { LineStringGeometry } from '../../core/closures/types';
import { lgaBoundaries } from '../../adapters/foundation/lga-boundaries';

export interface LgaBounds {
  code: string;
  name: string;
  bbox?: number[];
}

/** Throws a ValidationError naming the council a road belongs to when any part of it lies outside the LGA. */
export async function assertLinesInLga(lga: LgaBounds, lines: readonly LineStringGeometry[]): Promise<void> {
  const boundaries = await lgaBoundaries();
  const area = boundaries.area(lga.code);
  if (!area) {
    if (lga.bbox?.length === 4 && !bboxesMeet(bboxOf(lines), lga.bbox as Bbox)) throw validationError('The closure is outside the LGA');
    return;
  }
  const result = linesWithinLga(lines.map((l) => l.coordinates as [number, number][]), area, boundaries.locator);
  if (!result.ok) throw validationError(outsideLgaMessage(lga.name, result));
}
