// The contraction hierarchy answers travel-time searches exactly: on random small networks with
// one-way and parallel roads, closed edges, several sources and targets with offsets and a cost
// limit, its costs equal a plain Dijkstra's and its unpacked arcs are paths of that cost.
import { describe, expect, it } from 'vitest';
import { buildRoadGraph } from '../../../lambdas/core/roads/build';
import { MetricCustomizer } from '../../../lambdas/core/roads/cch/closures';
import { arcBetween, arcsBetween, arcStartsOf, decodeHeads, encodeHeads, expandHeads, firstHead, headOf, headsAreWellFormed, lowArc, maxDegree } from '../../../lambdas/core/roads/cch/heads';
import { baseWeights, buildContractionHierarchy, customize, rankOf, type ContractionHierarchy } from '../../../lambdas/core/roads/cch/hierarchy';
import { HierarchyWeights, OPEN } from '../../../lambdas/core/roads/cch/metric';
import { nestedDissectionOrder } from '../../../lambdas/core/roads/cch/order';
import { LowerTriangles } from '../../../lambdas/core/roads/cch/triangles';
import { deserializeRoadGraph, GraphFormatError, serializeRoadGraph } from '../../../lambdas/core/roads/format';
import { arcHead, arcTime, type RoadGraph } from '../../../lambdas/core/roads/graph';
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
 * seconds so sums are exact in float32 and ties are real ties: every road is driven at 36 km/h
 * (10 m/s) and each edge gets a random length of a whole number of 10 m.
 */
/**
 * A random network on a grid of about a kilometre. Its edges' lengths are random (10 to 600 m, so
 * the hierarchy meets arbitrary weights) unless `geometric`: then each is its line's length, as a
 * built graph's are, which A*'s straight-line bound needs to be exact.
 */
function randomGraph(seed: number, side: number, order?: (graph: RoadGraph) => Uint32Array, geometric = false): RoadGraph {
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
  // Durations come from lengths and speeds (as a graph file derives them), so a graph written
  // and read back keeps them.
  graph.roadSpeed.fill(36);
  if (!geometric) for (let e = 0; e < graph.edgeCount; e++) graph.edgeLength[e] = 10 * (1 + Math.floor(next() * 60));
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
      const w = arcHead(graph, a);
      if (key + arcTime(graph, a) < dist[w]) {
        dist[w] = key + arcTime(graph, a);
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
    cost += arcTime(graph, a);
    node = arcHead(graph, a);
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

/** The hierarchy with every head a uint32, as the build customizes it. */
function plain(h: ContractionHierarchy) {
  return { ...h, upHead: expandHeads(h) };
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
        // Odd seeds: random lengths, the hierarchy alone; even: lengths of the lines, a closed
        // set's first trips tried by A* first.
        const aStarFirst = seed % 2 === 0;
        const graph = randomGraph(seed, side, order, aStarFirst);
        expect(graph.meta.symmetric).toBe(false);
        const next = seeded(seed * 31);
        const search = new RoadSearch(graph, { firstTripBudget: aStarFirst ? undefined : 0 });
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

  it("answer a closed set's first trips by A* within the budget, and hand the set to the hierarchy once A* runs out", () => {
    const graph = randomGraph(5, 12, undefined, true);
    const next = seeded(77);
    const closed = new Set(Array.from({ length: 10 }, () => Math.floor(next() * graph.edgeCount)));
    const trip = () => ({ sources: [{ node: Math.floor(next() * graph.nodeCount), cost: 0 }], targets: [{ node: Math.floor(next() * graph.nodeCount), cost: 0 }] });
    // A budget no trip needs more of: every trip of the new set by A*, exact.
    const roomy = new RoadSearch(graph, { firstTripBudget: graph.nodeCount + 1 });
    for (let i = 0; i < 10; i++) {
      const ends = trip();
      const found = roomy.run({ ...ends, metric: 'duration', blocked: maskOf(graph, closed) });
      expect(found?.cost ?? Infinity).toBe(reference(graph, ends.sources, ends.targets, closed));
      expect(roomy.answeredBy).toBe('a-star');
    }
    // A budget of one node: the hierarchy answers, keeps the set's weights, and answers its next trips.
    const tight = new RoadSearch(graph, { firstTripBudget: 1 });
    let handedOver = false;
    for (let i = 0; i < 10; i++) {
      const ends = trip();
      const found = tight.run({ ...ends, metric: 'duration', blocked: maskOf(graph, closed) });
      expect(found?.cost ?? Infinity).toBe(reference(graph, ends.sources, ends.targets, closed));
      if (handedOver) expect(tight.answeredBy).toBe('hierarchy');
      handedOver ||= tight.answeredBy === 'hierarchy';
    }
    expect(handedOver).toBe(true);
    // Without closures the hierarchy answers whatever the budget.
    roomy.run({ ...trip(), metric: 'duration' });
    expect(roomy.answeredBy).toBe('hierarchy');
  });

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
    const search = new RoadSearch(graph, { firstTripBudget: 0 });
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

  it('route a trip with its own avoid areas between trips with the active closures, and the sets after it, exactly', () => {
    // The closures' kept weights are the base the avoid areas' weights are computed on; switching
    // between more sets than are kept makes some be computed again.
    for (let seed = 21; seed <= 24; seed++) {
      const graph = randomGraph(seed, 12);
      const search = new RoadSearch(graph, { firstTripBudget: 0 });
      const next = seeded(seed);
      const edgeSet = (count: number) => new Set(Array.from({ length: count }, () => Math.floor(next() * graph.edgeCount)));
      const active = edgeSet(20);
      const others = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(() => edgeSet(12));
      const trip = (closed: ReadonlySet<number>) => {
        const sources = [{ node: Math.floor(next() * graph.nodeCount), cost: 0 }];
        const targets = [{ node: Math.floor(next() * graph.nodeCount), cost: 0 }];
        const found = search.run({ sources, targets, metric: 'duration', blocked: closed.size > 0 ? maskOf(graph, closed) : undefined });
        const expected = reference(graph, sources, targets, closed);
        expect(found?.cost ?? Infinity).toBe(expected);
        if (found) expectValidPath(graph, found, sources, targets, closed);
      };
      for (const avoid of others) {
        for (let i = 0; i < 4; i++) trip(active);
        for (let i = 0; i < 3; i++) trip(avoid); // the free search of a trip with avoid areas
        for (let i = 0; i < 3; i++) trip(new Set([...avoid, ...active])); // then with the closures
        for (let i = 0; i < 3; i++) trip(new Set());
      }
    }
  });

  it('recompute, for closed edges, the same weights as customizing the whole hierarchy again with them closed', () => {
    const graph = randomGraph(31, 14);
    const h = graph.cch!;
    const weights = new HierarchyWeights(h);
    const triangles = new LowerTriangles(h);
    // One customizer for every trial, as a search keeps it: its scratch must be clean for the next set.
    const customizer = new MetricCustomizer(graph, h, weights, triangles);
    const topology = plain(h);
    const next = seeded(17);
    let changedSome = 0;
    for (let trial = 0; trial < 12; trial++) {
      const closures = new Set(Array.from({ length: 10 }, () => Math.floor(next() * graph.edgeCount)));
      const all = new Set([...closures, ...Array.from({ length: 6 }, () => Math.floor(next() * graph.edgeCount))]);
      const onClosures = customizer.closedMetric(OPEN, [...closures], (e) => closures.has(e));
      // The rest on top of the closures' weights, as a trip's avoid areas are.
      const added = [...all].filter((e) => !closures.has(e));
      const onTop = customizer.closedMetric(onClosures, added, (e) => all.has(e));
      for (const [closed, metric] of [
        [closures, onClosures],
        [all, onTop],
      ] as const) {
        const full = baseWeights(graph, topology, (e) => closed.has(e));
        customize(topology, full.up, full.down);
        for (let k = 0; k < h.up.length; k++) {
          expect(weights.up(metric, k)).toBe(full.up[k]);
          expect(weights.down(metric, k)).toBe(full.down[k]);
        }
        changedSome += metric.arc.length > 0 ? 1 : 0;
      }
    }
    expect(changedSome).toBeGreaterThan(20);
  });

  it('leave the open weights as the file has them, bit for bit, after routing with closures', () => {
    const graph = randomGraph(12, 10);
    const bytes = serializeRoadGraph(graph);
    const loaded = deserializeRoadGraph(new Uint8Array(bytes));
    const search = new RoadSearch(loaded, { firstTripBudget: 0 });
    const next = seeded(3);
    for (let trial = 0; trial < 20; trial++) {
      const closed = new Set(Array.from({ length: 15 }, () => Math.floor(next() * loaded.edgeCount)));
      const sources = [{ node: Math.floor(next() * loaded.nodeCount), cost: 0 }];
      const targets = [{ node: Math.floor(next() * loaded.nodeCount), cost: 0 }];
      const expected = reference(loaded, sources, targets, closed);
      const found = search.run({ sources, targets, metric: 'duration', blocked: maskOf(loaded, closed) });
      if (expected === Infinity) expect(found).toBeNull();
      else expect(found?.cost).toBeCloseTo(expected, 3);
    }
    expect(Buffer.compare(serializeRoadGraph(loaded), bytes)).toBe(0);
    const open = new HierarchyWeights(loaded.cch!);
    const h = plain(graph.cch!);
    const full = baseWeights(graph, h);
    customize(h, full.up, full.down);
    for (let k = 0; k < h.up.length; k++) {
      expect(Object.is(loaded.cch!.up[k], full.up[k])).toBe(true);
      expect(Object.is(open.openDown(k), full.down[k])).toBe(true);
    }
  });

  it('is stored in the graph file and read back the same', () => {
    const graph = randomGraph(3, 8);
    const copy = deserializeRoadGraph(serializeRoadGraph(graph));
    const h = graph.cch!;
    const c = copy.cch!;
    expect(Array.from(c.order)).toEqual(Array.from(h.order));
    expect(Array.from(c.rank)).toEqual(Array.from(rankOf(h.order)));
    expect(Array.from(c.upStart)).toEqual(Array.from(h.upStart));
    expect(Array.from(c.headStart)).toEqual(Array.from(h.headStart));
    expect(Array.from(c.headBytes)).toEqual(Array.from(h.headBytes));
    expect(Array.from(c.up)).toEqual(Array.from(h.up));
    expect(Array.from(c.downArc)).toEqual(Array.from(h.downArc));
    expect(Array.from(c.downWeight)).toEqual(Array.from(h.downWeight));
  });
});

describe('upward heads stored as runs of consecutive ranks', () => {
  /**
   * Heads that exercise every part of the encoding: a rank with no heads, one just above its rank
   * (gap 0), runs of 1 to 5 heads (a length of 4 or more takes a varint of its own), of 131, 132
   * (that varint past 127) and 200, gaps of one to four varint bytes (the gap is stored times
   * four: past 31, 4,095 and 524,287), and a rank with hundreds of heads.
   */
  function craftedHeads(): { upStart: Uint32Array; upHead: Uint32Array; n: number } {
    const n = 3_000_000;
    const run = (start: number, length: number) => Array.from({ length }, (_, i) => start + i);
    const lists: number[][] = [
      [1],
      [],
      [3, 4, 200, 70_000, 70_001, 70_002, 2_999_999],
      [...run(10, 4), ...run(15, 5), ...run(21, 131), ...run(153, 132)],
      [...run(1_000, 200), 20_000, ...Array.from({ length: 300 }, (_, i) => 30_000 + 2 * i), 2_000_000],
      [6 + 31, 6 + 31 + 2 + 32, 6 + 31 + 2 + 32 + 2 + 4_096, 2_999_998, 2_999_999],
    ];
    const upStart = new Uint32Array(n + 1);
    for (let r = 0; r < n; r++) upStart[r + 1] = upStart[r] + (lists[r]?.length ?? 0);
    return { upStart, upHead: Uint32Array.from(lists.flat()), n };
  }

  it('decode to the heads they were encoded from, and find each arc by its ends and each head by its arc', () => {
    const { upStart, upHead } = craftedHeads();
    const heads = encodeHeads(upStart, upHead);
    expect(headsAreWellFormed(heads)).toBe(true);
    // The file keeps no arc starts: they are counted off the runs on load.
    // Compared in a loop: a deep equal of two 3M-entry arrays took most of this test's seconds.
    const starts = arcStartsOf(heads.headStart, heads.headBytes)!;
    expect(starts.length).toBe(upStart.length);
    expect(starts.findIndex((start, r) => start !== upStart[r])).toBe(-1);
    expect(Array.from(expandHeads(heads))).toEqual(Array.from(upHead));
    expect(maxDegree(upStart)).toBe(502);
    const out = new Uint32Array(maxDegree(upStart));
    for (let r = 0; r < 6; r++) {
      const count = decodeHeads(heads, r, out);
      expect(Array.from(out.subarray(0, count))).toEqual(Array.from(upHead.subarray(upStart[r], upStart[r + 1])));
      if (count > 0) expect(firstHead(heads, r)).toBe(upHead[upStart[r]]);
      for (let k = upStart[r]; k < upStart[r + 1]; k++) {
        expect(headOf(heads, r, k)).toBe(upHead[k]);
        expect(arcBetween(heads, r, upHead[k])).toBe(k);
        // Both arcs of a lower triangle in one walk: to a lower head (the middle one) and this one.
        const middle = upStart[r] + ((k - upStart[r]) >> 1);
        expect(arcsBetween(heads, r, upHead[middle], upHead[k])).toBe(k);
        expect(lowArc).toBe(middle);
        // The ranks around each head that are not heads of r are not found.
        for (const other of [upHead[k] - 1, upHead[k] + 1]) {
          if (!upHead.subarray(upStart[r], upStart[r + 1]).includes(other)) expect(arcBetween(heads, r, other)).toBe(-1);
        }
      }
    }
    expect(arcBetween(heads, 1, 2)).toBe(-1);
    expect(arcBetween(heads, 4, 30_001)).toBe(-1);
  });

  it('are refused when their bytes do not decode to each rank\'s arcs', () => {
    const { upStart, upHead } = craftedHeads();
    const heads = encodeHeads(upStart, upHead);
    const broken = (change: (bytes: Uint8Array) => Uint8Array) => headsAreWellFormed({ ...heads, headBytes: change(heads.headBytes.slice()) });
    expect(broken((b) => b)).toBe(true);
    // A run one longer than its rank's arcs, a varint cut short, a head past the last rank.
    expect(broken((b) => ((b[heads.headStart[2]] += 1), b))).toBe(false);
    expect(broken((b) => ((b[heads.headStart[2] + 2] |= 0x80), b))).toBe(false);
    expect(headsAreWellFormed(encodeHeads(upStart, upHead.map((head) => (head === 2_999_999 ? 3_000_000 : head))))).toBe(false);

    const graph = randomGraph(4, 8);
    const bytes = serializeRoadGraph(graph);
    // The first rank whose first run has two heads: it gets three.
    const { headStart, headBytes } = graph.cch!;
    const at = headStart.findIndex((start, r) => r < headStart.length - 1 && (headBytes[start] & 3) === 1);
    expect(at).toBeGreaterThanOrEqual(0);
    const offset = bytes.indexOf(Buffer.from(headBytes.subarray(0, 64)));
    expect(offset).toBeGreaterThan(0);
    bytes[offset + headStart[at]] += 1;
    expect(() => deserializeRoadGraph(new Uint8Array(bytes))).toThrow(GraphFormatError);
  });

  it('route exactly where ranks have hundreds of heads (a random order on a larger network)', () => {
    const graph = randomGraph(41, 24, randomOrder(7));
    expect(maxDegree(graph.cch!.upStart)).toBeGreaterThan(150);
    const loaded = deserializeRoadGraph(new Uint8Array(serializeRoadGraph(graph)));
    const search = new RoadSearch(loaded, { firstTripBudget: 0 });
    const next = seeded(41);
    // Closures on so dense a hierarchy recompute much of it, so only a few trips have them.
    for (let trial = 0; trial < 40; trial++) {
      const closed = new Set(trial % 10 === 9 ? Array.from({ length: 3 }, () => Math.floor(next() * graph.edgeCount)) : []);
      const sources = [{ node: Math.floor(next() * graph.nodeCount), cost: 0 }];
      const targets = [{ node: Math.floor(next() * graph.nodeCount), cost: 0 }];
      const expected = reference(loaded, sources, targets, closed);
      const found = search.run({ sources, targets, metric: 'duration', blocked: closed.size > 0 ? maskOf(loaded, closed) : undefined });
      expect(found?.cost ?? Infinity).toBe(expected);
      if (found) expectValidPath(loaded, found, sources, targets, closed);
    }
  }, 60_000);
});
