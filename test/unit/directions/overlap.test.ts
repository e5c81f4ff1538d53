import { describe, expect, it } from 'vitest';
import { chunkLine, closuresAlongRoute, simplifyLine } from '../../../lambdas/core/directions/overlap';
import type { Position } from '../../../lambdas/core/roads/geo';
import { FORBES, forbesEngine, NEWELL_NORTH, PARKES } from './support';

const closure = (id: string, coordinates: Position[]) => ({ id, geometry: { type: 'LineString' as const, coordinates } });
/** Moves a line sideways (to the right of its overall direction) by some metres. */
function shifted(line: Position[], metres: number): Position[] {
  const [x0, y0] = line[0];
  const [x1, y1] = line[line.length - 1];
  const kx = Math.cos((y0 * Math.PI) / 180);
  const [dx, dy] = [(x1 - x0) * kx, y1 - y0];
  const length = Math.hypot(dx, dy);
  const [nx, ny] = [dy / length, -dx / length];
  const degrees = metres / 111_195;
  return line.map(([x, y]) => [x + (nx * degrees) / kx, y + ny * degrees]);
}

describe('closuresAlongRoute', () => {
  const route = forbesEngine().route([FORBES, PARKES]).geometry.coordinates as Position[];

  it('finds a closure the route runs along, even when the two surveys differ by a few metres', () => {
    expect(closuresAlongRoute(route, [closure('on', NEWELL_NORTH)])).toEqual(['on']);
    expect(closuresAlongRoute(route, [closure('near', shifted(NEWELL_NORTH, 12))])).toEqual(['near']);
  });

  it('ignores a parallel road 100 m away and a road the route only crosses', () => {
    expect(closuresAlongRoute(route, [closure('parallel', shifted(NEWELL_NORTH, 100))])).toEqual([]);
    // 1 km across the highway at right angles: shares only the few metres at the crossing.
    const centre = NEWELL_NORTH[2];
    const across = [shifted([centre, NEWELL_NORTH[3]], -500)[0], shifted([centre, NEWELL_NORTH[3]], 500)[0]];
    expect(closuresAlongRoute(route, [closure('across', across)])).toEqual([]);
    // The same test passes a line that does run along the route for 1 km.
    expect(closuresAlongRoute(route, [closure('along', NEWELL_NORTH.slice(1, 3))])).toEqual(['along']);
  });

  it('finds nothing on a route with no length', () => {
    expect(closuresAlongRoute([route[0]], [closure('on', NEWELL_NORTH)])).toEqual([]);
  });
});

describe('simplifyLine and chunkLine', () => {
  it('drops vertices within the tolerance and keeps the ends and the corners', () => {
    const straight: Position[] = Array.from({ length: 101 }, (_, i) => [148 + i * 0.001, -33]);
    expect(simplifyLine(straight, 5)).toEqual([straight[0], straight[100]]);
    const corner: Position[] = [...straight.slice(0, 51), [148.05, -33.01], [148.05, -33.02]];
    expect(simplifyLine(corner, 5)).toEqual([straight[0], straight[50], [148.05, -33.02]]);
  });

  it('splits a long line into pieces that share their joints', () => {
    const line: Position[] = Array.from({ length: 250 }, (_, i) => [148 + i * 0.001, -33 - (i % 2) * 0.001]);
    const pieces = chunkLine(line, 100);
    expect(pieces.every((p) => p.length <= 100 && p.length >= 2)).toBe(true);
    expect(pieces[0].at(-1)).toEqual(pieces[1][0]);
    expect(pieces.flatMap((p, i) => (i === 0 ? p : p.slice(1)))).toEqual(line);
    expect(chunkLine(line.slice(0, 10), 100)).toEqual([line.slice(0, 10)]);
  });
});
