import { describe, expect, it } from 'vitest';
import { deserializeRoadGraph, GraphFormatError, serializeRoadGraph } from '../../../lambdas/core/roads/format';
import { edgeCoordinates, edgeOfVertex, edgeVertexStart, nextEdgeStart, quantizeDegrees, type RoadGraph, vertexLat, vertexLng } from '../../../lambdas/core/roads/graph';
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
    const starts = startsByScan(graph);
    expect(starts.at(-1)).toBeGreaterThan(64);
    for (let e = 0; e < graph.edgeCount; e++) {
      for (let v = starts[e]; v < starts[e + 1]; v++) expect(edgeOfVertex(graph, v)).toBe(e);
    }
  });

  it("finds each edge's first vertex from the bitmap: many starts in a word, and edges of hundreds of vertices across words", () => {
    // Short edges put up to 32 starts in a word (the select within a word); the long ones leave
    // words with no start, so blocks of 32 edges span many words (the walk over the counts).
    const lines = [];
    for (let i = 0; i < 300; i++) {
      const x = 148 + i * 0.01;
      const vertices = i % 37 === 5 ? 700 : i % 11 === 3 ? 40 : 2;
      lines.push(road(Array.from({ length: vertices }, (_, k) => [x + (k * 0.005) / vertices, -33 + (k % 2) * 1e-5 + (i % 7) * 0.01])));
    }
    for (const graph of [graphOf(lines), deserializeRoadGraph(serializeRoadGraph(graphOf(lines)))]) {
      const starts = startsByScan(graph);
      expect(starts.length).toBe(graph.edgeCount + 1);
      expect(Math.max(...starts.slice(1).map((s, e) => s - starts[e]))).toBe(700);
      for (let e = 0; e <= graph.edgeCount; e++) expect(edgeVertexStart(graph.vertexEdges, e)).toBe(starts[e]);
      for (let e = 0; e < graph.edgeCount; e++) {
        expect(nextEdgeStart(graph.vertexEdges, starts[e])).toBe(starts[e + 1]);
        expect(nextEdgeStart(graph.vertexEdges, starts[e + 1] - 2)).toBe(starts[e + 1]);
        expect(edgeCoordinates(graph, e)).toHaveLength(starts[e + 1] - starts[e]);
      }
      expect(edgeCoordinates(graph, 5)).toEqual(lines[5].geometry.coordinates.map(([lng, lat]) => [quantizeDegrees(lng), quantizeDegrees(lat)]));
    }
  });

  it('refuses a file whose vertex starts disagree with its edges or its geometry', () => {
    const graph = graphOf([road([[148, -33], [148.001, -33.001], [148.002, -33]]), road([[148.01, -33], [148.011, -33.001]]), road([[148.02, -33], [148.021, -33.001], [148.022, -33]])]);
    expect(() => deserializeRoadGraph(serializeRoadGraph(graph))).not.toThrow();
    const withBits = (bits: Uint32Array) => ({ ...graph, vertexEdges: { ...graph.vertexEdges, startBits: bits } });
    const starts = graph.vertexEdges.startBits[0];
    // The second edge's start (vertex 3) dropped: one start too few.
    expect(() => deserializeRoadGraph(serializeRoadGraph(withBits(Uint32Array.of(starts & ~(1 << 3)))))).toThrow(GraphFormatError);
    // Moved to vertex 4: as many starts, but the shapes no longer match the stored vertices.
    expect(() => deserializeRoadGraph(serializeRoadGraph(withBits(Uint32Array.of((starts & ~(1 << 3)) | (1 << 4)))))).toThrow(GraphFormatError);
  });

  it('gives a box query each segment with its own edge and ends', () => {
    const graph = forbesGraph();
    let visited = 0;
    forEachSegmentIn(graph, 147.9, -33.5, 148.1, -33.3, (edge, v, ax, ay, bx, by) => {
      visited++;
      expect(v).toBeGreaterThanOrEqual(edgeVertexStart(graph.vertexEdges, edge));
      expect(v + 1).toBeLessThan(edgeVertexStart(graph.vertexEdges, edge + 1));
      expect([ax, ay, bx, by]).toEqual([vertexLng(graph, edge, v), vertexLat(graph, edge, v), vertexLng(graph, edge, v + 1), vertexLat(graph, edge, v + 1)]);
    });
    expect(visited).toBeGreaterThan(50);
  });
});

/** Every edge's first vertex and the vertex count after them, by walking the bitmap bit by bit. */
function startsByScan(graph: RoadGraph): number[] {
  const { startBits } = graph.vertexEdges;
  const starts: number[] = [];
  for (let v = 0; v < startBits.length * 32; v++) if ((startBits[v >>> 5] >>> (v & 31)) & 1) starts.push(v);
  return starts;
}
