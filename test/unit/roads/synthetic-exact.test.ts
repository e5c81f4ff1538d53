// Routes stay exact with closures on a network shaped like a state's (towns, one-way pairs, dead
// ends, rural roads, tracks, highways): the engine's search agrees with a textbook Dijkstra on
// 200 random pairs with closed roads taken out. `npm run bench -- scale` checks the same at 1M nodes.
import TinyQueue from 'tinyqueue';
import { describe, expect, it } from 'vitest';
import { syntheticRoadNetwork, seededRandom } from '../../../bench/support/synthetic-roads';
import { buildRoadGraph } from '../../../lambdas/core/roads/build';
import { RoadEngine } from '../../../lambdas/core/roads/engine';
import { componentOf, durationOfEdge, edgeCoordinates, isOneWay, type RoadGraph } from '../../../lambdas/core/roads/graph';
import { EdgeMask, RoadSearch } from '../../../lambdas/core/roads/search';

/** Textbook Dijkstra over the edges (both ways unless one way), leaving out closed edges. */
function reference(graph: RoadGraph, from: number, to: number, closed: ReadonlySet<number>): number {
  const adjacency: { to: number; duration: number }[][] = Array.from({ length: graph.nodeCount }, () => []);
  for (let e = 0; e < graph.edgeCount; e++) {
    if (closed.has(e)) continue;
    adjacency[graph.edgeFrom[e]!]!.push({ to: graph.edgeTo[e]!, duration: durationOfEdge(graph, e) });
    if (!isOneWay(graph, e)) adjacency[graph.edgeTo[e]!]!.push({ to: graph.edgeFrom[e]!, duration: durationOfEdge(graph, e) });
  }
  const best = new Array<number>(graph.nodeCount).fill(Infinity);
  const queue = new TinyQueue<[number, number]>([[0, from]], (a, b) => a[0] - b[0]);
  best[from] = 0;
  while (queue.length > 0) {
    const [d, v] = queue.pop()!;
    if (d > best[v]!) continue;
    if (v === to) return d;
    for (const arc of adjacency[v]!) {
      if (d + arc.duration < best[arc.to]!) {
        best[arc.to] = d + arc.duration;
        queue.push([best[arc.to]!, arc.to]);
      }
    }
  }
  return Infinity;
}

describe('routes on a synthetic state-shaped network', () => {
  it('are exact with 20 closures: the same travel time as plain Dijkstra on 200 pairs (within 0.1 %)', () => {
    const graph = buildRoadGraph(syntheticRoadNetwork(4000, 11).lines);
    expect(graph.meta.symmetric).toBe(false); // one-way pairs are in
    const engine = new RoadEngine(graph);
    const random = seededRandom(5);
    const main = [...Array(graph.nodeCount).keys()].filter((v) => componentOf(graph, v) === 0);
    const mainEdges = [...Array(graph.edgeCount).keys()].filter((e) => componentOf(graph, graph.edgeFrom[e]!) === 0);
    const closed = new Set<number>();
    for (let i = 0; i < 20; i++) {
      const edge = mainEdges[Math.floor(random() * mainEdges.length)]!;
      // The closure is drawn along the road, as a closure administrator's snapped line is.
      for (const e of engine.edgesOfClosure({ id: `c${i}`, geometry: { type: 'LineString', coordinates: edgeCoordinates(graph, edge) } })) closed.add(e);
    }
    const mask = new EdgeMask(graph.edgeCount);
    mask.clear();
    for (const e of closed) mask.add(e);
    const search = new RoadSearch(graph);
    let routed = 0;
    for (let i = 0; i < 200; i++) {
      const a = main[Math.floor(random() * main.length)]!;
      const b = main[Math.floor(random() * main.length)]!;
      const expected = reference(graph, a, b, closed);
      const found = search.run({ sources: [{ node: a, cost: 0 }], targets: [{ node: b, cost: 0 }], metric: 'duration', blocked: mask });
      if (!Number.isFinite(expected)) {
        expect(found).toBeNull();
        continue;
      }
      routed++;
      expect(found).not.toBeNull();
      expect(Math.abs(found!.cost - expected)).toBeLessThanOrEqual(expected * 0.001);
      for (const arc of found!.arcs) expect(closed.has(graph.arcEdge[arc]! >>> 1)).toBe(false);
    }
    expect(routed).toBeGreaterThan(150);
    // A generous limit: on a shared, loaded machine the build and the 200 reference searches take seconds.
  }, 30_000);
});
