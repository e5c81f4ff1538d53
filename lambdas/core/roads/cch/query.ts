import { arcHead, arcTime, type RoadGraph } from '../graph';
import type { EdgeMask, SearchRequest, SearchResult } from '../search';
import { MetricCustomizer } from './closures';
import { tailOf, type ContractionHierarchy } from './hierarchy';
import { HierarchyWeights, OPEN, type Metric } from './metric';
import { LowerTriangles } from './triangles';
import { eliminationTreeQuery, NONE, QuerySlots } from './upward-search';

/** A set of closed edges and its weights, kept for the next queries with the same set. */
interface KeptMetric {
  edges: readonly number[];
  metric: Metric;
}

/**
 * Closure sets whose weights are kept (most recently used last): active closures change rarely,
 * and a trip with its own avoid areas makes two sets (the areas alone, then with the closures).
 * Each holds only its changed arcs (kilobytes), so eight cost little.
 */
const KEPT_METRICS = 8;
const NEVER = (): boolean => false;

/**
 * Travel-time queries on the contraction hierarchy: upward searches from the sources (weights up)
 * and from the targets (weights down) meet at the highest node of the fastest path, found by
 * walking the ends' ancestors in the elimination tree (./upward-search.ts). Closed edges take the
 * weights of MetricCustomizer (the arcs they change), kept per set of closed edges. The path's arcs
 * are unpacked through their lower triangles into the road graph's arcs.
 */
export class CchSearch {
  private readonly slots: QuerySlots;
  private lazyTriangles: LowerTriangles | undefined;
  private lazyCustomizer: MetricCustomizer | undefined;
  private readonly weights: HierarchyWeights;
  /** The weights of the last KEPT_METRICS closed sets, most recently used last. */
  private readonly metrics: KeptMetric[] = [];
  private readonly stack: number[] = [];

  constructor(
    private readonly graph: RoadGraph,
    private readonly h: ContractionHierarchy,
  ) {
    this.slots = new QuerySlots(graph.nodeCount);
    this.weights = new HierarchyWeights(h);
  }

  private get triangles(): LowerTriangles {
    this.lazyTriangles ??= new LowerTriangles(this.h);
    return this.lazyTriangles;
  }

  /** Made on the first closure set: its scratch is two bits an arc. */
  private get customizer(): MetricCustomizer {
    this.lazyCustomizer ??= new MetricCustomizer(this.graph, this.h, this.weights, this.triangles);
    return this.lazyCustomizer;
  }

  run(request: SearchRequest): SearchResult | null {
    const blocked = request.blocked;
    const closedEdges = blocked ? blocked.edges() : [];
    const metric = closedEdges.length > 0 ? this.metricFor(closedEdges, blocked!) : OPEN;
    const isBlocked = closedEdges.length > 0 ? (edge: number) => blocked!.has(edge) : NEVER;
    const { slots, weights } = this;
    const { forward, backward } = slots;
    try {
      const meeting = eliminationTreeQuery(this.h, slots, request.sources, request.targets, weights, metric, request.maxCost ?? Infinity);
      if (meeting === NONE) return null;

      const { upStart } = this.h;
      // Upward arcs from the source to the meeting node, then downward ones to the target, each
      // with its tail and head (the rank it reached), so unpacking decodes no head.
      const legs: number[] = [];
      let r = meeting;
      while (forward.viaOf(r) >= 0) {
        const k = forward.viaOf(r);
        const tail = tailOf(upStart, k);
        legs.push(k * 2, tail, r);
        r = tail;
      }
      const sourceIndex = -1 - forward.viaOf(r);
      const arcs: number[] = [];
      for (let i = legs.length - 3; i >= 0; i -= 3) this.unpack(legs[i], legs[i + 1], legs[i + 2], metric, isBlocked, arcs);
      r = meeting;
      while (backward.viaOf(r) >= 0) {
        const k = backward.viaOf(r);
        const tail = tailOf(upStart, k);
        this.unpack(k * 2 + 1, tail, r, metric, isBlocked, arcs);
        r = tail;
      }
      const targetIndex = -1 - backward.viaOf(r);
      let cost = request.sources[sourceIndex].cost + request.targets[targetIndex].cost;
      for (const a of arcs) cost += arcTime(this.graph, a);
      return { cost, sourceIndex, targetIndex, arcs };
    } finally {
      slots.reset();
    }
  }

  /**
   * Appends the road arcs of a hierarchy arc (`leg`: the arc * 2, plus one when travelled
   * downward, head to tail): a road of that weight between its nodes, else the lower triangle
   * whose two sides make the weight (compared in float32, as stored). Each arc's tail and head
   * ride along on the stack.
   */
  private unpack(leg: number, tail: number, head: number, metric: Metric, isBlocked: (edge: number) => boolean, out: number[]): void {
    const { order } = this.h;
    const weights = this.weights;
    const triangles = this.triangles;
    const stack = this.stack;
    stack.length = 0;
    stack.push(tail, head, leg);
    while (stack.length > 0) {
      const top = stack.pop()!;
      const hi = stack.pop()!;
      const lo = stack.pop()!;
      const arc = top >>> 1;
      const goingUp = (top & 1) === 0;
      const weight = goingUp ? weights.up(metric, arc) : weights.down(metric, arc);
      const road = this.roadArc(order[goingUp ? lo : hi], order[goingUp ? hi : lo], weight, isBlocked);
      if (road >= 0) {
        out.push(road);
        continue;
      }
      const zLo = triangles.matching(lo, hi, goingUp, weight, weights, metric);
      if (zLo < 0) throw new Error(`contraction hierarchy arc ${arc} has no road or triangle of its weight`);
      const zHi = triangles.otherArc;
      const z = triangles.otherTail;
      // Up: lo → z (zLo down), then z → hi (zHi up). Down: hi → z (zHi down), then z → lo (zLo up).
      if (goingUp) stack.push(z, hi, zHi * 2, z, lo, zLo * 2 + 1);
      else stack.push(z, lo, zLo * 2, z, hi, zHi * 2 + 1);
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

  /** Whether the weights of exactly this closed set are kept. */
  keepsWeightsFor(blocked: EdgeMask): boolean {
    return this.keptIndex(blocked.edges(), blocked) >= 0;
  }

  private keptIndex(closedEdges: readonly number[], blocked: EdgeMask): number {
    return this.metrics.findIndex((m) => m.edges.length === closedEdges.length && m.edges.every((e) => blocked.has(e)));
  }

  /**
   * The weights for these closed edges (each once, all in `blocked`): kept, or computed from the
   * largest kept set within them. A kept set is the same set when it is as large and all its edges
   * are closed now: no sorting or key string a query (a directions request passes every active
   * closure, so most queries find their set kept).
   */
  private metricFor(closedEdges: readonly number[], blocked: EdgeMask): Metric {
    const isClosed = (e: number) => blocked.has(e);
    const kept = this.keptIndex(closedEdges, blocked);
    if (kept >= 0) return this.touch(kept).metric;
    // From the largest kept set within this one (a trip's avoid areas on top of the active closures).
    let base = -1;
    this.metrics.forEach((m, i) => {
      if ((base < 0 || m.edges.length > this.metrics[base].edges.length) && m.edges.every(isClosed)) base = i;
    });
    const from = base >= 0 ? this.touch(base) : undefined;
    const inBase = new Set(from?.edges);
    const added = from ? closedEdges.filter((e) => !inBase.has(e)) : closedEdges;
    const { arc, up, down } = this.customizer.closedMetric(from?.metric ?? OPEN, added, isClosed);
    if (this.metrics.length >= KEPT_METRICS) this.metrics.shift();
    const entry = { edges: [...closedEdges], metric: { arc, up, down } };
    this.metrics.push(entry);
    return entry.metric;
  }

  /** Makes kept metric i the most recently used. */
  private touch(i: number): KeptMetric {
    const [entry] = this.metrics.splice(i, 1);
    this.metrics.push(entry);
    return entry;
  }
}
