import { describe, expect, it } from 'vitest';
import { contract } from '../../../lambdas/core/roads/cch/hierarchy';
import { graphOf, road } from './support';

/** A star: `spokes` roads from one centre, each to a leaf of its own. */
function star(spokes: number) {
  const graph = graphOf(Array.from({ length: spokes }, (_, i) => road([[148.0, -33.0], [148.0 + 0.01 * Math.cos(i), -33.0 + 0.01 * Math.sin(i)]])));
  const centre = graph.edgeFrom[0];
  // The centre first, then the leaves from the highest node down: its higher neighbours are met
  // in an order other than their ranks.
  const leaves = Array.from({ length: graph.nodeCount }, (_, v) => graph.nodeCount - 1 - v).filter((v) => v !== centre);
  return { graph, order: Uint32Array.from([centre, ...leaves]) };
}

const headsOf = (topology: ReturnType<typeof contract>, rank: number) => Array.from(topology.upHead.subarray(topology.upStart[rank], topology.upStart[rank + 1]));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('contracting the node order (the hierarchy\'s shape)', () => {
  it.each([5, 40])('gives a node of %i higher neighbours its arcs ascending, and the fill-in to the lowest of them', (spokes) => {
    const { graph, order } = star(spokes);
    const topology = contract(graph, order);
    // Contracting the centre joins all leaves; each leaf then reaches every higher leaf.
    expect(headsOf(topology, 0)).toEqual(range(1, spokes));
    expect(headsOf(topology, 1)).toEqual(range(2, spokes));
    expect(headsOf(topology, spokes - 1)).toEqual([spokes]);
    expect(topology.upStart[spokes + 1]).toBe((spokes * (spokes + 1)) / 2);
  });
});
