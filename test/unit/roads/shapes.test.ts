import { describe, expect, it } from 'vitest';
import { deserializeRoadGraph, serializeRoadGraph } from '../../../lambdas/core/roads/format';
import { edgeCoordinates, edgeOfVertex, quantizeDegrees, vertexLat, vertexLng } from '../../../lambdas/core/roads/graph';
import { forEachSegmentIn } from '../../../lambdas/core/roads/cells';
import { forbesGraph, graphOf, road } from './support';

// The graph holds an edge's shape as its two nodes and its interior vertices (integers of 1e-7
// degrees), and finds a vertex's edge from a bitmap of the edges' first vertices.
describe('road shapes', () => {
  it('reads back every vertex of every line as built, ends from the nodes and the rest from the interior', () => {
    const lines = [
      [[148.0, -33.0], [148.00123456789, -33.001], [148.002, -33.0005], [148.003, -33.002]],
      [[148.003, -33.002], [148.004, -33.003]],
      [[148.004, -33.003], [148.0041, -33.0031], [148.0042, -33.0032]],
    ];
    const graph = graphOf(lines.map((coordinates) => road(coordinates)));
    const loaded = deserializeRoadGraph(serializeRoadGraph(graph));
    const shapes = [0, 1, 2].map((e) => edgeCoordinates(loaded, e));
    expect(shapes).toEqual(lines.map((line) => line.map(([lng, lat]) => [quantizeDegrees(lng), quantizeDegrees(lat)])));
    expect(loaded.interiorE7.length).toBe(2 * (2 + 0 + 1));
  });

  it('finds the edge of every vertex of the Forbes network, across the bitmap words', () => {
    const graph = forbesGraph();
    const vertexCount = graph.edgeGeomStart[graph.edgeCount];
    expect(vertexCount).toBeGreaterThan(64);
    for (let e = 0; e < graph.edgeCount; e++) {
      for (let v = graph.edgeGeomStart[e]; v < graph.edgeGeomStart[e + 1]; v++) expect(edgeOfVertex(graph, v)).toBe(e);
    }
  });

  it('gives a box query each segment with its own edge and ends', () => {
    const graph = forbesGraph();
    let visited = 0;
    forEachSegmentIn(graph, 147.9, -33.5, 148.1, -33.3, (edge, v, ax, ay, bx, by) => {
      visited++;
      expect(v).toBeGreaterThanOrEqual(graph.edgeGeomStart[edge]);
      expect(v + 1).toBeLessThan(graph.edgeGeomStart[edge + 1]);
      expect([ax, ay, bx, by]).toEqual([vertexLng(graph, edge, v), vertexLat(graph, edge, v), vertexLng(graph, edge, v + 1), vertexLat(graph, edge, v + 1)]);
    });
    expect(visited).toBeGreaterThan(50);
  });
});
