// The A* search (the snap's legs by length; travel time on a graph built without the hierarchy)
// holds state only for the nodes it reaches, in slots reused from one search to the next, and
// blocked edges are a bitset cleared edge by edge: a search after a larger one, or after a
// clear, must answer as a fresh one and as a plain Dijkstra.
import { describe, expect, it } from 'vitest';
import { buildRoadGraph } from '../../../lambdas/core/roads/build';
import { arcHead, arcTime, type RoadGraph } from '../../../lambdas/core/roads/graph';
import { MinHeap } from '../../../lambdas/core/roads/heap';
import type { RoadLine } from '../../../lambdas/core/roads/input';
import { EdgeMask, RoadSearch, type SearchEndpoint } from '../../../lambdas/core/roads/search';

/** A square grid of two-way streets, `side` nodes a side, 0.002° apart, each block a road of its own. */
function gridGraph(side: number): RoadGraph {
  const at = (i: number, j: number): [number, number] => [148 + i * 0.002, -33 + j * 0.002 + (i % 3) * 1e-5];
  const lines: RoadLine[] = [];
  for (let i = 0; i < side; i++) {
    for (let j = 0; j < side; j++) {
      if (i + 1 < side) lines.push({ coordinates: [at(i, j), at(i + 1, j)], name: null, ref: null, roadClass: 'residential', oneway: j % 7 === 3, maxspeed: null });
      if (j + 1 < side) lines.push({ coordinates: [at(i, j), at(i, j + 1)], name: null, ref: null, roadClass: 'tertiary', oneway: false, maxspeed: null });
    }
  }
  return buildRoadGraph(lines, { hierarchy: false });
}

/** Plain Dijkstra by length from the sources (each at its cost) to the cheapest target. */
function plainLength(graph: RoadGraph, sources: readonly SearchEndpoint[], targets: readonly SearchEndpoint[], blocked?: EdgeMask): number {
  const dist = new Float64Array(graph.nodeCount).fill(Infinity);
  const heap = new MinHeap();
  for (const { node, cost } of sources) {
    dist[node] = Math.min(dist[node], cost);
    heap.push(dist[node], node);
  }
  while (heap.size > 0) {
    const key = heap.peekKey();
    const v = heap.pop();
    if (key > dist[v]) continue;
    for (let a = graph.arcStart[v]; a < graph.arcStart[v + 1]; a++) {
      const edge = graph.arcEdge[a] >>> 1;
      if (blocked?.has(edge)) continue;
      const d = key + graph.edgeLength[edge];
      const head = arcHead(graph, a);
      if (d < dist[head]) {
        dist[head] = d;
        heap.push(d, head);
      }
    }
  }
  return Math.min(...targets.map(({ node, cost }) => dist[node] + cost));
}

describe('EdgeMask', () => {
  it('holds each added edge once, and a clear empties it whatever word the edges were in', () => {
    const mask = new EdgeMask(100);
    for (const edge of [0, 31, 32, 63, 99, 31]) mask.add(edge);
    expect(mask.edges()).toEqual([0, 31, 32, 63, 99]);
    expect([...Array(100).keys()].filter((e) => mask.has(e))).toEqual([0, 31, 32, 63, 99]);
    mask.clear();
    expect(mask.edges()).toEqual([]);
    expect([...Array(100).keys()].some((e) => mask.has(e))).toBe(false);
    mask.add(32);
    expect([...Array(100).keys()].filter((e) => mask.has(e))).toEqual([32]);
  });
});

describe('RoadSearch (A*)', () => {
  const graph = gridGraph(72);
  let seed = 11;
  const pick = () => (seed = (seed * 48271) % 2147483647) % graph.nodeCount;

  it('answers as a fresh search and a plain Dijkstra after larger and smaller searches on the same instance', () => {
    const reused = new RoadSearch(graph);
    const blocked = new EdgeMask(graph.edgeCount);
    for (let i = 0; i < 40; i++) {
      // Every fourth search is unbounded corner to corner (it reaches most of the grid's 5,184 nodes).
      const long = i % 4 === 0;
      const sources = long ? [{ node: 0, cost: 0 }] : [{ node: pick(), cost: 3 }, { node: pick(), cost: 0 }];
      const targets = long ? [{ node: graph.nodeCount - 1, cost: 0 }] : [{ node: pick(), cost: 5 }, { node: pick(), cost: 0 }];
      blocked.clear();
      if (i % 3 === 1) for (let k = 0; k < 200; k++) blocked.add(pick() % graph.edgeCount);
      const request = { sources, targets, metric: 'length' as const, blocked, maxCost: long ? undefined : 3000 };
      const expected = plainLength(graph, sources, targets, blocked);
      const found = reused.run(request);
      const fresh = new RoadSearch(graph).run(request);
      expect(found).toEqual(fresh);
      if (expected > 3000 && !long) expect(found).toBeNull();
      else expect(found!.cost).toBeCloseTo(expected, 6);
      if (long) expect(reused.settled).toBeGreaterThan(4096);
    }
  });

  it('takes the cheaper of two targets on one node, and the first listed on a tie', () => {
    const search = new RoadSearch(graph);
    const node = 100;
    const cheaper = search.run({ sources: [{ node: 0, cost: 0 }], targets: [{ node, cost: 9 }, { node, cost: 2 }], metric: 'length' })!;
    expect(cheaper.targetIndex).toBe(1);
    const tie = search.run({ sources: [{ node: 0, cost: 0 }], targets: [{ node, cost: 2 }, { node, cost: 2 }], metric: 'length' })!;
    expect(tie.targetIndex).toBe(0);
    expect(tie.cost).toBeCloseTo(cheaper.cost, 9);
  });

  it('answers travel time by A* on a graph built without the hierarchy', () => {
    const search = new RoadSearch(graph);
    const found = search.run({ sources: [{ node: 0, cost: 0 }], targets: [{ node: graph.nodeCount - 1, cost: 0 }], metric: 'duration' })!;
    let cost = 0;
    for (const a of found.arcs) cost += arcTime(graph, a);
    expect(found.cost).toBeCloseTo(cost, 6);
    expect(arcHead(graph, found.arcs.at(-1)!)).toBe(graph.nodeCount - 1);
  });
});
