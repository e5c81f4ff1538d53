import type { Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { nestedDissectionOrder, undirectedAdjacency } from '../../../lambdas/core/roads/cch/order';
import { eliminationStats } from '../../../lambdas/core/roads/cch/order-quality';
import { nodeLng, type RoadGraph } from '../../../lambdas/core/roads/graph';
import { graphOf, road } from './support';

const STEP = 0.001;

/** A side × side street grid (every row and column a road), its corner at (lng, 0). */
function gridLines(side: number, lng = 148): ReturnType<typeof road>[] {
  const lines = [];
  for (let i = 0; i < side; i++) {
    const row: Position[] = [];
    const column: Position[] = [];
    for (let j = 0; j < side; j++) {
      row.push([lng + j * STEP, -33 + i * STEP]);
      column.push([lng + i * STEP, -33 + j * STEP]);
    }
    lines.push(road(row), road(column));
  }
  return lines;
}

/**
 * A straight road of `nodes` nodes: one line per edge, so each vertex is a node, the lines in a
 * scrambled order so that the graph does not number the nodes along the road.
 */
function pathLines(nodes: number): ReturnType<typeof road>[] {
  const lines = Array.from({ length: nodes - 1 }, (_, i) =>
    road([
      [148 + i * STEP, -33],
      [148 + (i + 1) * STEP, -33],
    ]),
  );
  return lines.map((_, i) => lines[(i * 37) % lines.length]);
}

function byLongitude(graph: RoadGraph): Uint32Array {
  return Uint32Array.from({ length: graph.nodeCount }, (_, i) => i).sort((a, b) => graph.nodeLngE7[a] - graph.nodeLngE7[b] || a - b);
}

function expectPermutation(order: Uint32Array, nodeCount: number) {
  expect(order.length).toBe(nodeCount);
  const seen = new Uint8Array(nodeCount);
  for (const v of order) seen[v]++;
  expect(seen.every((count) => count === 1)).toBe(true);
}

/** Component sizes of the graph with the given nodes removed. */
function componentSizes(graph: RoadGraph, removed: Set<number>): number[] {
  const { start, target } = undirectedAdjacency(graph);
  const seen = new Uint8Array(graph.nodeCount);
  const sizes: number[] = [];
  for (let root = 0; root < graph.nodeCount; root++) {
    if (seen[root] || removed.has(root)) continue;
    seen[root] = 1;
    const queue = [root];
    for (let head = 0; head < queue.length; head++) {
      const v = queue[head];
      for (let e = start[v]; e < start[v + 1]; e++) {
        const w = target[e];
        if (!seen[w] && !removed.has(w)) {
          seen[w] = 1;
          queue.push(w);
        }
      }
    }
    sizes.push(queue.length);
  }
  return sizes;
}

describe('nested-dissection contraction order', () => {
  it('orders every node of a grid once, the same way each time', () => {
    const graph = graphOf(gridLines(25));
    expect(graph.nodeCount).toBe(625);
    const order = nestedDissectionOrder(graph);
    expectPermutation(order, graph.nodeCount);
    expect(Array.from(nestedDissectionOrder(graph))).toEqual(Array.from(order));
  });

  it('ranks a small separator last: removing it parts a grid into pieces of at most three quarters', () => {
    const side = 30;
    const graph = graphOf(gridLines(side));
    const order = nestedDissectionOrder(graph);
    // The fewest last-ranked nodes whose removal disconnects the grid.
    let top = 1;
    while (top <= 2 * side && componentSizes(graph, new Set(order.subarray(order.length - top))).length < 2) top++;
    expect(top).toBeLessThanOrEqual(side + 2);
    const sizes = componentSizes(graph, new Set(order.subarray(order.length - top)));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(0.75 * graph.nodeCount);
  });

  it('makes far fewer shortcuts on a grid than an order by longitude, and a shallower elimination tree', () => {
    const graph = graphOf(gridLines(30));
    const adjacency = undirectedAdjacency(graph);
    const dissected = eliminationStats(adjacency, nestedDissectionOrder(graph));
    const trivial = eliminationStats(adjacency, byLongitude(graph));
    expect(dissected.upwardArcs).toBeLessThan(0.6 * trivial.upwardArcs);
    expect(dissected.treeHeight).toBeLessThan(0.2 * trivial.treeHeight);
  });

  it('fills nothing on a path: its upward arcs are its edges', () => {
    const graph = graphOf(pathLines(200));
    expect(graph.nodeCount).toBe(200);
    const order = nestedDissectionOrder(graph);
    expectPermutation(order, 200);
    const stats = eliminationStats(undirectedAdjacency(graph), order);
    expect(stats.upwardArcs).toBe(199);
  });

  it('orders a graph in several pieces, and one-way streets as two-way', () => {
    const graph = graphOf([...gridLines(20, 148), ...gridLines(16, 149), road([[150, -33], [150.001, -33]], { oneway: 'yes' })]);
    expect(graph.nodeCount).toBe(400 + 256 + 2);
    expect(graph.arcStart[graph.nodeCount]).toBe(2 * (2 * 20 * 19 + 2 * 16 * 15) + 1);
    const order = nestedDissectionOrder(graph);
    expectPermutation(order, graph.nodeCount);
    const stats = eliminationStats(undirectedAdjacency(graph), order);
    // The one-way road (a tree) comes first; each grid is cut on its own, so the last nodes, a
    // grid's top separator, all lie in one grid.
    expect(Array.from(order.subarray(0, 2), (v) => nodeLng(graph, v)).sort()).toEqual([150, 150.001]);
    const grid = (v: number) => Math.floor(nodeLng(graph, v));
    expect(new Set(Array.from(order.subarray(order.length - 10), grid)).size).toBe(1);
    expect(stats.upwardArcs).toBeGreaterThanOrEqual(undirectedAdjacency(graph).target.length / 2);
  });

  it('orders nodes that all share one position (no direction parts them)', () => {
    const graph = graphOf(gridLines(25));
    graph.nodeLngE7.fill(1_480_000_000);
    graph.nodeLatE7.fill(-330_000_000);
    expectPermutation(nestedDissectionOrder(graph), graph.nodeCount);
  });

  it('orders an empty graph', () => {
    expect(nestedDissectionOrder(graphOf([])).length).toBe(0);
  });
});
