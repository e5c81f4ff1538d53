import { arcHead, arcTime, type RoadGraph } from '../graph';
import type { EdgeMask, SearchEndpoint, SearchRequest, SearchResult } from '../search';
import { closedMetric } from './closures';
import { tailOf, type ContractionHierarchy } from './hierarchy';
import { HierarchyWeights, OPEN, type Metric } from './metric';
import { LowerTriangles } from './triangles';

/** A set of closed edges (ascending) and its weights, kept for the next queries with the same set. */
interface KeptMetric {
  key: string;
  edges: readonly number[];
  metric: Metric;
}

/**
 * Closure sets whose weights are kept (most recently used last): active closures change rarely,
 * and a trip with its own avoid areas makes two sets (the areas alone, then with the closures).
 * Each holds only its changed arcs (kilobytes), so eight cost little.
 */
const KEPT_METRICS = 8;
const NONE = -1;
const NEVER = (): boolean => false;

/**
 * Travel-time queries on the contraction hierarchy, by elimination tree: the sources' ancestors
 * in the tree are scanned bottom-up relaxing upward arcs, the targets' the same on the downward
 * weights, and the best meeting node wins. No priority queue; a node whose distance already
 * exceeds the best meeting found is not relaxed from. Closed edges take the weights of
 * closedMetric (the arcs they change), kept per set of closed edges. The path's arcs are unpacked through their lower
 * triangles into the road graph's arcs.
 */
export class CchSearch {
  private readonly forward: Float64Array;
  private readonly backward: Float64Array;
  private readonly forwardArc: Int32Array;
  private readonly backwardArc: Int32Array;
  private readonly forwardSeen: Uint32Array;
  private readonly backwardSeen: Uint32Array;
  private generation = 0;
  private lazyTriangles: LowerTriangles | undefined;
  private readonly weights: HierarchyWeights;
  /** The weights of the last KEPT_METRICS closed sets, most recently used last. */
  private readonly metrics: KeptMetric[] = [];
  private readonly stack: number[] = [];

  constructor(
    private readonly graph: RoadGraph,
    private readonly h: ContractionHierarchy,
  ) {
    const n = graph.nodeCount;
    this.forward = new Float64Array(n);
    this.backward = new Float64Array(n);
    this.forwardArc = new Int32Array(n);
    this.backwardArc = new Int32Array(n);
    this.forwardSeen = new Uint32Array(n);
    this.backwardSeen = new Uint32Array(n);
    this.weights = new HierarchyWeights(h);
  }

  private get triangles(): LowerTriangles {
    this.lazyTriangles ??= new LowerTriangles(this.h);
    return this.lazyTriangles;
  }

  run(request: SearchRequest): SearchResult | null {
    const blocked = request.blocked;
    const closedEdges = blocked ? blocked.edges() : [];
    const metric = closedEdges.length > 0 ? this.metricFor(closedEdges, blocked!) : OPEN;
    const isBlocked = closedEdges.length > 0 ? (edge: number) => blocked!.has(edge) : NEVER;
    if (++this.generation === 0xffffffff) {
      this.forwardSeen.fill(0);
      this.backwardSeen.fill(0);
      this.generation = 1;
    }
    const gen = this.generation;
    const up = this.ancestors(request.sources, this.forward, this.forwardArc, this.forwardSeen, gen);
    const down = this.ancestors(request.targets, this.backward, this.backwardArc, this.backwardSeen, gen);
    const maxCost = request.maxCost ?? Infinity;
    const meeting = this.scan(up, down, metric, gen, maxCost);
    if (meeting === NONE) return null;

    const { upStart } = this.h;
    // Upward arcs from the source to the meeting node, then downward ones to the target.
    const legs: number[] = [];
    let r = meeting;
    while (this.forwardArc[r] >= 0) {
      const k = this.forwardArc[r];
      legs.push(k * 2);
      r = tailOf(upStart, k);
    }
    const sourceIndex = -1 - this.forwardArc[r];
    legs.reverse();
    r = meeting;
    while (this.backwardArc[r] >= 0) {
      const k = this.backwardArc[r];
      legs.push(k * 2 + 1);
      r = tailOf(upStart, k);
    }
    const targetIndex = -1 - this.backwardArc[r];
    const arcs: number[] = [];
    for (const leg of legs) this.unpack(leg >>> 1, (leg & 1) === 0, metric, isBlocked, arcs);
    let cost = request.sources[sourceIndex].cost + request.targets[targetIndex].cost;
    for (const a of arcs) cost += arcTime(this.graph, a);
    return { cost, sourceIndex, targetIndex, arcs };
  }

  /** The endpoints' ancestors in the elimination tree (ranks), ascending, with their distances set. */
  private ancestors(ends: readonly SearchEndpoint[], dist: Float64Array, via: Int32Array, seen: Uint32Array, gen: number): Uint32Array {
    const { rank, upStart, upHead } = this.h;
    const chain: number[] = [];
    for (const { node } of ends) {
      let r = rank[node];
      while (seen[r] !== gen) {
        seen[r] = gen;
        dist[r] = Infinity;
        via[r] = NONE;
        chain.push(r);
        if (upStart[r] === upStart[r + 1]) break;
        r = upHead[upStart[r]];
      }
    }
    ends.forEach(({ node, cost }, i) => {
      const r = rank[node];
      if (cost < dist[r]) {
        dist[r] = cost;
        via[r] = -1 - i;
      }
    });
    return Uint32Array.from(chain).sort();
  }

  /** Both chains bottom-up in step; returns the best meeting rank, or NONE. */
  private scan(upChain: Uint32Array, downChain: Uint32Array, metric: Metric, gen: number, maxCost: number): number {
    const { forward, backward, forwardArc, backwardArc, forwardSeen, backwardSeen, weights } = this;
    let best = Infinity;
    let meeting = NONE;
    let i = 0;
    let j = 0;
    while (i < upChain.length || j < downChain.length) {
      const a = i < upChain.length ? upChain[i] : Infinity;
      const b = j < downChain.length ? downChain[j] : Infinity;
      const r = a <= b ? a : b;
      if (forwardSeen[r] === gen && backwardSeen[r] === gen) {
        const total = forward[r] + backward[r];
        if (total < best && total <= maxCost) {
          best = total;
          meeting = r;
        }
      }
      if (a === r) {
        i++;
        if (forward[r] < best && forward[r] <= maxCost) weights.relaxUp(r, forward[r], metric, forward, forwardArc);
      }
      if (b === r) {
        j++;
        if (backward[r] < best && backward[r] <= maxCost) weights.relaxDown(r, backward[r], metric, backward, backwardArc);
      }
    }
    return meeting;
  }

  /**
   * Appends the road arcs of hierarchy arc k travelled upward (tail to head) or downward: a road
   * of that weight between its nodes, else the lower triangle whose two sides make the weight
   * (compared in float32, as stored). Each arc's tail rides along on the stack.
   */
  private unpack(k: number, upward: boolean, metric: Metric, isBlocked: (edge: number) => boolean, out: number[]): void {
    const { order, upStart, upHead } = this.h;
    const weights = this.weights;
    const triangles = this.triangles;
    const stack = this.stack;
    stack.length = 0;
    stack.push(tailOf(upStart, k), k * 2 + (upward ? 0 : 1));
    while (stack.length > 0) {
      const top = stack.pop()!;
      const tail = stack.pop()!;
      const arc = top >>> 1;
      const goingUp = (top & 1) === 0;
      const weight = goingUp ? weights.up(metric, arc) : weights.down(metric, arc);
      const road = this.roadArc(order[goingUp ? tail : upHead[arc]], order[goingUp ? upHead[arc] : tail], weight, isBlocked);
      if (road >= 0) {
        out.push(road);
        continue;
      }
      const zLo = triangles.matching(tail, upHead[arc], goingUp, weight, weights, metric);
      if (zLo < 0) throw new Error(`contraction hierarchy arc ${arc} has no road or triangle of its weight`);
      const zHi = triangles.otherArc;
      const z = triangles.otherTail;
      // Up: tail → z (zLo down), then z → head (zHi up). Down: head → z (zHi down), then z → tail (zLo up).
      if (goingUp) stack.push(z, zHi * 2, z, zLo * 2 + 1);
      else stack.push(z, zLo * 2, z, zHi * 2 + 1);
    }
  }

  /** A road arc from node `from` to `to` of exactly `weight`, open, or -1. */
  private roadArc(from: number, to: number, weight: number, isBlocked: (edge: number) => boolean): number {
    const { graph } = this;
    const { arcStart, arcEdge } = graph;
    for (let a = arcStart[from]; a < arcStart[from + 1]; a++) {
      if (arcHead(graph, a) === to && arcTime(graph, a) === weight && !isBlocked(arcEdge[a] >>> 1)) return a;
    }
    return -1;
  }

  private metricFor(closedEdges: readonly number[], blocked: EdgeMask): Metric {
    const edges = [...closedEdges].sort((a, b) => a - b);
    const key = edges.join(',');
    const kept = this.metrics.findIndex((m) => m.key === key);
    if (kept >= 0) return this.touch(kept).metric;
    // From the largest kept set within this one (a trip's avoid areas on top of the active closures).
    let base = -1;
    this.metrics.forEach((m, i) => {
      if ((base < 0 || m.edges.length > this.metrics[base].edges.length) && m.edges.every((e) => blocked.has(e))) base = i;
    });
    const from = base >= 0 ? this.touch(base) : undefined;
    const inBase = new Set(from?.edges);
    const added = edges.filter((e) => !inBase.has(e));
    const metric = closedMetric(this.graph, this.h, this.weights, this.triangles, from?.metric ?? OPEN, added, (edge) => blocked.has(edge));
    if (this.metrics.length >= KEPT_METRICS) this.metrics.shift();
    this.metrics.push({ key, edges, metric: { arc: metric.arc, up: metric.up, down: metric.down } });
    return metric;
  }

  /** Makes kept metric i the most recently used. */
  private touch(i: number): KeptMetric {
    const [entry] = this.metrics.splice(i, 1);
    this.metrics.push(entry);
    return entry;
  }
}
