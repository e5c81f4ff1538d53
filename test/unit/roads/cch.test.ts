// The contraction hierarchy answers travel-time searches exactly: on random small networks with
// one-way and parallel roads, closed edges, several sources and targets with offsets and a cost
// limit, its costs equal a plain Dijkstra's and its unpacked arcs are paths of that cost.
import { describe, expect, it } from 'vitest';
import { buildRoadGraph } from '../../../lambdas/core/roads/build';
import { buildContractionHierarchy, rankOf } from '../../../lambdas/core/roads/cch/hierarchy';
import { nestedDissectionOrder } from '../../../lambdas/core/roads/cch/order';
import { deserializeRoadGraph, serializeRoadGraph } from '../../../lambdas/core/roads/format';
import type { RoadGraph } from '../../../lambdas/core/roads/graph';
import { MinHeap } from '../../../lambdas/core/roads/heap';
import type { RoadLine } from '../../../lambdas/core/roads/input';
import { EdgeMask, RoadSearch, type SearchEndpoint } from '../../../lambdas/core/roads/search';

function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * A random network on a jittered grid: roads between neighbouring and diagonal points, a third
 * one way, some doubled by a parallel road (a different middle point); travel times are whole
 * seconds so sums are exact in float32 and ties are real ties.
 */
function randomGraph(seed: number, side: number, order?: (graph: RoadGraph) => Uint32Array): RoadGraph {
  const next = seeded(seed);
  const at = (i: number, j: number): [number, number] => [148 + i * 0.01 + ((i * 7 + j * 3) % 5) * 1e-4, -33 + j * 0.01 + ((i * 3 + j * 5) % 7) * 1e-4];
  const lines: RoadLine[] = [];
  const line = (a: [number, number], b: [number, number], oneway: boolean, bend = 0) => {
    const middle: [number, number] = [(a[0] + b[0]) / 2 + bend, (a[1] + b[1]) / 2 - bend];
    lines.push({ coordinates: [a, middle, b], name: null, ref: null, roadClass: 'secondary', oneway, maxspeed: null });
  };
  for (let i = 0; i < side; i++) {
    for (let j = 0; j < side; j++) {
      for (const [di, dj] of [[1, 0], [0, 1], [1, 1]]) {
        if (i + di >= side || j + dj >= side || next() < 0.25) continue;
        const forward = next() < 0.5;
        const [a, b] = forward ? [at(i, j), at(i + di, j + dj)] : [at(i + di, j + dj), at(i, j)];
        line(a, b, next() < 0.33);
        if (next() < 0.1) line(a, b, next() < 0.5, 0.002);
      }
    }
  }
  const graph = buildRoadGraph(lines, { hierarchy: false });
  for (let e = 0; e < graph.edgeCount; e++) graph.edgeDuration[e] = 1 + Math.floor(next() * 60);
  for (let a = 0; a < graph.arcDuration.length; a++) graph.arcDuration[a] = graph.edgeDuration[graph.arcEdge[a] >>> 1];
  graph.cch = buildContractionHierarchy(graph, (order ?? nestedDissectionOrder)(graph));
  return graph;
}

/** Plain Dijkstra from all sources at once (each starting at its cost); best over the targets. */
function reference(graph: RoadGraph, sources: readonly SearchEndpoint[], targets: readonly SearchEndpoint[], blocked: ReadonlySet<number>): number {
  const dist = new Float64Array(graph.nodeCount).fill(Infinity);
  const heap = new MinHeap();
  for (const { node, cost } of sources) {
    if (cost < dist[node]) {
      dist[node] = cost;
      heap.push(cost, node);
    }
  }
  while (heap.size > 0) {
    const key = heap.peekKey();
    const v = heap.pop();
    if (key > dist[v]) continue;
    for (let a = graph.arcStart[v]; a < graph.arcStart[v + 1]; a++) {
      if (blocked.has(graph.arcEdge[a] >>> 1)) continue;
      const w = graph.arcTarget[a];
      if (key + graph.arcDuration[a] < dist[w]) {
        dist[w] = key + graph.arcDuration[a];
        heap.push(dist[w], w);
      }
    }
  }
  return Math.min(...targets.map(({ node, cost }) => dist[node] + cost));
}

/** The arcs run from the chosen source to the chosen target, use no blocked edge, and cost what is said. */
function expectValidPath(graph: RoadGraph, found: { cost: number; sourceIndex: number; targetIndex: number; arcs: number[] }, sources: readonly SearchEndpoint[], targets: readonly SearchEndpoint[], blocked: ReadonlySet<number>) {
  let node = sources[found.sourceIndex].node;
  let cost = sources[found.sourceIndex].cost;
  for (const a of found.arcs) {
    expect(a).toBeGreaterThanOrEqual(graph.arcStart[node]);
    expect(a).toBeLessThan(graph.arcStart[node + 1]);
    expect(blocked.has(graph.arcEdge[a] >>> 1)).toBe(false);
    cost += graph.arcDuration[a];
    node = graph.arcTarget[a];
  }
  expect(node).toBe(targets[found.targetIndex].node);
  expect(cost + targets[found.targetIndex].cost).toBe(found.cost);
}

function maskOf(graph: RoadGraph, edges: Iterable<number>): EdgeMask {
  const mask = new EdgeMask(graph.edgeCount);
  mask.clear();
  for (const e of edges) mask.add(e);
  return mask;
}

function randomOrder(seed: number) {
  return (graph: RoadGraph) => {
    const next = seeded(seed);
    const order = Uint32Array.from({ length: graph.nodeCount }, (_, v) => v);
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    return order;
  };
}

describe('contraction hierarchy searches', () => {
  // Any order gives exact answers; a random one makes a dense hierarchy, so its networks are smaller.
  for (const [name, order, side] of [
    ['nested dissection order', undefined, 12],
    ['a random order', randomOrder(99), 8],
  ] as const) {
    it(`equal plain Dijkstra with one-way roads, parallel roads, closed edges and several ends (${name})`, () => {
      for (let seed = 1; seed <= 6; seed++) {
        const graph = randomGraph(seed, side, order);
        expect(graph.meta.symmetric).toBe(false);
        const next = seeded(seed * 31);
        const search = new RoadSearch(graph);
        const node = () => Math.floor(next() * graph.nodeCount);
        let reached = 0;
        for (let trial = 0; trial < 60; trial++) {
          const closed = new Set<number>();
          const closures = trial % 3 === 0 ? 0 : Math.floor(next() * 25);
          for (let c = 0; c < closures; c++) closed.add(Math.floor(next() * graph.edgeCount));
          const sources = Array.from({ length: 1 + Math.floor(next() * 3) }, () => ({ node: node(), cost: Math.floor(next() * 30) }));
          const targets = Array.from({ length: 1 + Math.floor(next() * 3) }, () => ({ node: node(), cost: Math.floor(next() * 30) }));
          const expected = reference(graph, sources, targets, closed);
          const found = search.run({ sources, targets, metric: 'duration', blocked: closures > 0 ? maskOf(graph, closed) : undefined });
          if (expected === Infinity) {
            expect(found).toBeNull();
            continue;
          }
          reached++;
          expect(found?.cost).toBe(expected);
          expectValidPath(graph, found!, sources, targets, closed);
        }
        expect(reached).toBeGreaterThan(30);
      }
    }, 60_000);
  }

  it('give up beyond maxCost, and find what is within it', () => {
    const graph = randomGraph(7, 10);
    const search = new RoadSearch(graph);
    const sources = [{ node: 0, cost: 0 }];
    const targets = [{ node: graph.nodeCount - 1, cost: 5 }];
    const expected = reference(graph, sources, targets, new Set());
    expect(Number.isFinite(expected)).toBe(true);
    expect(search.run({ sources, targets, metric: 'duration', maxCost: expected - 1 })).toBeNull();
    expect(search.run({ sources, targets, metric: 'duration', maxCost: expected })?.cost).toBe(expected);
  });

  it('say there is no path when closures cut the target off, and find it again once they are lifted', () => {
    const graph = randomGraph(8, 10);
    const search = new RoadSearch(graph);
    const target = graph.edgeTo[0];
    const around = new Set<number>();
    for (let e = 0; e < graph.edgeCount; e++) if (graph.edgeFrom[e] === target || graph.edgeTo[e] === target) around.add(e);
    const ends = { sources: [{ node: graph.edgeFrom[graph.edgeCount - 1], cost: 0 }], targets: [{ node: target, cost: 0 }], metric: 'duration' as const };
    expect(search.run({ ...ends, blocked: maskOf(graph, around) })).toBeNull();
    expect(search.run(ends)?.cost).toBe(reference(graph, ends.sources, ends.targets, new Set()));
  });

  it('route closed sets again from the kept weights, each set with its own', () => {
    const graph = randomGraph(9, 12);
    const search = new RoadSearch(graph);
    const next = seeded(5);
    const sets = [0, 1, 2].map(() => new Set(Array.from({ length: 15 }, () => Math.floor(next() * graph.edgeCount))));
    for (let round = 0; round < 3; round++) {
      for (const closed of sets) {
        const sources = [{ node: Math.floor(next() * graph.nodeCount), cost: 0 }];
        const targets = [{ node: Math.floor(next() * graph.nodeCount), cost: 0 }];
        const expected = reference(graph, sources, targets, closed);
        const found = search.run({ sources, targets, metric: 'duration', blocked: maskOf(graph, closed) });
        expect(found?.cost ?? Infinity).toBe(expected);
      }
    }
  });

  it('is stored in the graph file and read back the same', () => {
    const graph = randomGraph(3, 8);
    const copy = deserializeRoadGraph(serializeRoadGraph(graph));
    const h = graph.cch!;
    const c = copy.cch!;
    expect(Array.from(c.order)).toEqual(Array.from(h.order));
    expect(Array.from(c.rank)).toEqual(Array.from(rankOf(h.order)));
    expect(Array.from(c.upHead)).toEqual(Array.from(h.upHead));
    expect(Array.from(c.up)).toEqual(Array.from(h.up));
    expect(Array.from(c.down)).toEqual(Array.from(h.down));
  });
});
