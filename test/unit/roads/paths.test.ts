import { describe, expect, it } from 'vitest';
import { edgeCoordinates } from '../../../lambdas/core/roads/graph';
import { legCoordinates, pieceEndStretch, type PathPiece } from '../../../lambdas/core/roads/paths';
import { forbesGraph } from './support';

// A route's whole edges keep no line of their own (PathPiece.coordinates is null): their points
// are read off the graph where the route's line and its steps' bearings need them.
describe('path pieces read off the graph', () => {
  const graph = forbesGraph();
  const whole = (edge: number, forward: boolean): PathPiece => ({ edge, forward, distance: 1, duration: 1, coordinates: null, from: 0, to: 1 });
  const stretchOf = (p: PathPiece, atStart: boolean) => {
    const out = new Float64Array(4);
    return pieceEndStretch(graph, p, atStart, out) ? [...out] : null;
  };

  it("gives every edge's line, either way, as the edge's own shape", () => {
    let interior = 0;
    for (let e = 0; e < graph.edgeCount; e++) {
      const shape = edgeCoordinates(graph, e);
      interior += shape.length - 2;
      expect(legCoordinates(graph, [whole(e, true)])).toEqual(shape);
      expect(legCoordinates(graph, [whole(e, false)])).toEqual([...shape].reverse());
    }
    expect(interior).toBeGreaterThan(100);
  });

  it('gives the first and last stretch of a whole edge in travel order', () => {
    for (let e = 0; e < graph.edgeCount; e++) {
      const shape = edgeCoordinates(graph, e);
      const n = shape.length;
      const flat = (a: number[], b: number[]) => [a[0], a[1], b[0], b[1]];
      expect(stretchOf(whole(e, true), true)).toEqual(flat(shape[0], shape[1]));
      expect(stretchOf(whole(e, true), false)).toEqual(flat(shape[n - 2], shape[n - 1]));
      expect(stretchOf(whole(e, false), true)).toEqual(flat(shape[n - 1], shape[n - 2]));
      expect(stretchOf(whole(e, false), false)).toEqual(flat(shape[1], shape[0]));
    }
  });

  it('joins pieces without repeating the point where they meet, and keeps a partial piece its own line', () => {
    const e = 0;
    const shape = edgeCoordinates(graph, e);
    const partial: PathPiece = { ...whole(e, true), coordinates: [[1, 2], shape[0] as [number, number]] };
    expect(legCoordinates(graph, [partial, whole(e, true), whole(e, false)])).toEqual([[1, 2], ...shape, ...[...shape].reverse().slice(1)]);
    expect(stretchOf(partial, true)).toEqual([1, 2, shape[0][0], shape[0][1]]);
    expect(stretchOf({ ...partial, coordinates: [[1, 2], [1, 2]] }, true)).toBeNull();
    expect(stretchOf({ ...partial, coordinates: [[1, 2]] }, false)).toBeNull();
  });
});
