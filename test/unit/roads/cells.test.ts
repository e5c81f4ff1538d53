import { describe, expect, it } from 'vitest';
import { buildRoadGraph } from '../../../lambdas/core/roads/build';
import { encodeCells, forEachSegmentIn } from '../../../lambdas/core/roads/cells';
import { deserializeRoadGraph, serializeRoadGraph } from '../../../lambdas/core/roads/format';
import { edgeVertexStart, vertexLat, vertexLng, type RoadGraph } from '../../../lambdas/core/roads/graph';
import { roadLinesFromFeatures } from '../../../lambdas/core/roads/input';
import { road } from './support';

// The segment grid lists each cell's segments as varint gaps, and only the cells that list any
// have an offset. A box query must visit exactly the segments whose box meets it, each once.
describe('segment grid', () => {
  it('stores each listing cell as varint gaps, the first from 0, and skips empty cells', () => {
    const box = { minLng: 0, minLat: 0, size: 1, cols: 40, rows: 1 };
    const start = new Uint32Array(41);
    const lists: number[][] = Array.from({ length: 40 }, () => []);
    lists[0] = [0, 127, 255, 16638, 16639];
    lists[35] = [2 ** 21 + 5, 2 ** 28 + 5, 2 ** 32 - 2];
    lists.forEach((list, c) => {
      start[c + 1] = start[c] + list.length;
    });
    const cells = encodeCells(box, start, Uint32Array.from(lists.flat()));
    // 0 | 127 | 128 = 0x80 0x01 | 16383 = 0xff 0x7f | 1
    expect(Array.from(cells.segmentBytes.subarray(0, 8))).toEqual([0, 127, 0x80, 0x01, 0xff, 0x7f, 1, 0x85]);
    expect(Array.from(cells.listStart)).toEqual([0, 7, cells.segmentBytes.length]);
    // 2^21 + 5 in four bytes, 2^28 - 2^21 in four, and 2^32 - 2^28 - 7 in five.
    expect(cells.segmentBytes.length).toBe(7 + 4 + 4 + 5);
    expect(Array.from(cells.listingBits)).toEqual([1, 1 << 3]);
    expect(Array.from(cells.listingBefore)).toEqual([0, 1]);
  });

  it('visits exactly the segments meeting a box, each once: a cell of hundreds, gaps over 16383, empty cells, a segment in many cells', () => {
    const graph = testNetwork();
    const loaded = deserializeRoadGraph(serializeRoadGraph(graph));
    const all = allSegments(graph);
    const { cells } = graph;
    const listings = cells.listStart.length - 1;
    expect(listings).toBeLessThan(cells.cols * cells.rows / 2);
    // Gaps of three bytes (over 16383): a byte continued twice.
    const bytes = cells.segmentBytes;
    expect(bytes.some((b, i) => b >= 0x80 && bytes[i + 1] >= 0x80)).toBe(true);
    // The diagonal's one segment is listed in about a hundred cells.
    expect(listings).toBeGreaterThan(100);
    expect(Math.max(...Array.from({ length: listings }, (_, i) => cells.listStart[i + 1] - cells.listStart[i]))).toBeGreaterThan(300);

    const boxes: [number, number, number, number][] = [
      [147.9, -33.1, 150.1, -30.9], // everything
      [148.5, -32.5, 148.52, -32.48], // the town
      [149.3, -31.7, 149.4, -31.6], // the diagonal's box only
      [149.8, -31.3, 149.81, -31.29], // nothing at all
      [140, -40, 141, -39], // outside the grid
    ];
    let seed = 7;
    const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 100; i++) {
      const x = 148 + next() * 2;
      const y = -33 + next() * 2;
      const span = next() < 0.5 ? next() * 0.02 : next() * 0.6;
      boxes.push([x, y, x + span, y + span * next()]);
    }
    let townSegments = 0;
    let wrongEnds = 0;
    for (const [minX, minY, maxX, maxY] of boxes) {
      const expected = all.filter((s) => Math.min(s.ax, s.bx) <= maxX && Math.max(s.ax, s.bx) >= minX && Math.min(s.ay, s.by) <= maxY && Math.max(s.ay, s.by) >= minY).map((s) => s.v);
      for (const g of [graph, loaded]) {
        const visited: number[] = [];
        forEachSegmentIn(g, minX, minY, maxX, maxY, (edge, v, ax, ay, bx, by) => {
          const ends = [vertexLng(g, edge, v), vertexLat(g, edge, v), vertexLng(g, edge, v + 1), vertexLat(g, edge, v + 1)];
          if (ends[0] !== ax || ends[1] !== ay || ends[2] !== bx || ends[3] !== by) wrongEnds++;
          visited.push(v);
        });
        // A segment is named by its first vertex, unique across the network.
        expect(visited.sort((a, b) => a - b)).toEqual(expected);
      }
      if (minX === 148.5) townSegments = expected.length;
    }
    expect(townSegments).toBeGreaterThan(300);
    expect(wrongEnds).toBe(0);
  });
});

/**
 * A 2° square with: a town of 150 short streets 0.02° across (hundreds of segments in one
 * cell), a rural road of 20,000 vertices listed between the town's streets (so the streets' gaps
 * cross it: over 16383, three-byte varints), a straight road of one segment 0.3° across (in about a
 * hundred cells), and empty land between.
 */
function testNetwork(): RoadGraph {
  const town = [];
  for (let i = 0; i < 75; i++) {
    const at = 148.5 + i * 0.00025;
    town.push(road([[at, -32.5], [at + 0.0003, -32.4995], [at + 0.0006, -32.499], [at + 0.0009, -32.4985]]));
    town.push(road([[148.51, -32.5 + i * 0.00025], [148.5103, -32.4995 + i * 0.00025], [148.5106, -32.499 + i * 0.00025], [148.5109, -32.4985 + i * 0.00025]]));
  }
  const rural = road(Array.from({ length: 20_000 }, (_, k) => [149 + (k / 20_000) * 0.9, -32.9 + (k % 2) * 1e-4]));
  const diagonal = road([[149.2, -31.8], [149.5, -31.5]]);
  return buildRoadGraph(roadLinesFromFeatures([...town.slice(0, 75), rural, ...town.slice(75), diagonal]), { hierarchy: false });
}

function allSegments(graph: RoadGraph) {
  const out: { edge: number; v: number; ax: number; ay: number; bx: number; by: number }[] = [];
  for (let edge = 0; edge < graph.edgeCount; edge++) {
    const end = edgeVertexStart(graph.vertexEdges, edge + 1);
    for (let v = edgeVertexStart(graph.vertexEdges, edge); v + 1 < end; v++) {
      out.push({ edge, v, ax: vertexLng(graph, edge, v), ay: vertexLat(graph, edge, v), bx: vertexLng(graph, edge, v + 1), by: vertexLat(graph, edge, v + 1) });
    }
  }
  return out;
}
