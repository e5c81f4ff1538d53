import type { Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { nestedDissectionOrder, undirectedAdjacency } from '../../../lambdas/core/roads/cch/order';
import { eliminationStats } from '../../../lambdas/core/roads/cch/order-quality';
import type { RoadGraph } from '../../../lambdas/core/roads/graph';
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

/** A straight road of `nodes` nodes: one line per edge, so each vertex is a node. */
function pathLines(nodes: number): ReturnType<typeof road>[] {
  return Array.from({ length: nodes - 1 }, (_, i) =>
    road([
      [148 + i * STEP, -33],
      [148 + (i + 1) * STEP, -33],
    ]),
  );
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
    while (componentSizes(graph, new Set(order.subarray(order.length - top))).length < 2) top++;
    expect(top).toBeLessThanOrEqual(side + 2);
    const sizes = componentSizes(graph, new Set(order.subarray(order.length - top)));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(0.75 * graph.nodeCount);
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
    const graph = graphOf([...gridLines(12, 148), ...gridLines(9, 149), road([[150, -33], [150.001, -33]], { oneway: 'yes' })]);
    expect(graph.nodeCount).toBe(144 + 81 + 2);
    const order = nestedDissectionOrder(graph);
    expectPermutation(order, graph.nodeCount);
    const stats = eliminationStats(undirectedAdjacency(graph), order);
    // Three components: three roots of the elimination tree, so no shortcut joins two of them.
    const edges = undirectedAdjacency(graph).target.length / 2;
    expect(stats.upwardArcs).toBeGreaterThanOrEqual(edges);
  });

  it('orders an empty graph and a single node', () => {
    expect(nestedDissectionOrder(graphOf([])).length).toBe(0);
  });
});
