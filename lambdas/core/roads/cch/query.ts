import type { RoadGraph } from '../graph';
import type { EdgeMask, SearchEndpoint, SearchRequest, SearchResult } from '../search';
import { closedWeights } from './closures';
import type { ContractionHierarchy } from './hierarchy';
import { LowerTriangles } from './triangles';
import { eliminationTreeQuery, NONE, QuerySide } from './upward-search';

/** Weights for a set of closed edges, kept for the next queries with the same set. */
interface Metric {
  up: Float32Array;
  down: Float32Array;
}

/** Closure sets whose weights are kept (most recently used first): active closures change rarely. */
const KEPT_METRICS = 4;
const NEVER = (): boolean => false;

/**
 * Travel-time queries on the contraction hierarchy: upward searches from the sources (weights up)
 * and from the targets (weights down) meet at the highest node of the fastest path, found by
 * walking the ends' ancestors in the elimination tree (./upward-search.ts). Closed edges take the weights of closedWeights, kept per set of closed
 * edges. The path's arcs are unpacked through their lower triangles into the road graph's arcs.
 */
export class CchSearch {
  private readonly forward: QuerySide;
  private readonly backward: QuerySide;
  private lazyTriangles: LowerTriangles | undefined;
  /** The weights of the last KEPT_METRICS closed sets, most recently used last. */
  private readonly metrics: { key: string; metric: Metric }[] = [];
  private readonly stack: number[] = [];

  constructor(
    private readonly graph: RoadGraph,
    private readonly h: ContractionHierarchy,
  ) {
    this.forward = new QuerySide(graph.nodeCount);
    this.backward = new QuerySide(graph.nodeCount);
  }

  private get triangles(): LowerTriangles {
    this.lazyTriangles ??= new LowerTriangles(this.h);
    return this.lazyTriangles;
  }

  run(request: SearchRequest): SearchResult | null {
    const blocked = request.blocked;
    const closedEdges = blocked ? blocked.edges() : [];
    const metric = closedEdges.length > 0 ? this.metricFor(closedEdges, blocked!) : this.h;
    const isBlocked = closedEdges.length > 0 ? (edge: number) => blocked!.has(edge) : NEVER;
    const { forward, backward } = this;
    try {
      const meeting = eliminationTreeQuery(this.h, forward, backward, request.sources, request.targets, metric.up, metric.down, request.maxCost ?? Infinity);
      if (meeting === NONE) return null;

      const tail = this.triangles.tail;
      // Upward arcs from the source to the meeting node, then downward ones to the target.
      const legs: number[] = [];
      let r = meeting;
      while (forward.via[r] >= 0) {
        const k = forward.via[r];
        legs.push(k * 2);
        r = tail[k];
      }
      const sourceIndex = -1 - forward.via[r];
      legs.reverse();
      r = meeting;
      while (backward.via[r] >= 0) {
        const k = backward.via[r];
        legs.push(k * 2 + 1);
        r = tail[k];
      }
      const targetIndex = -1 - backward.via[r];
      const arcs: number[] = [];
      for (const leg of legs) this.unpack(leg >>> 1, (leg & 1) === 0, metric, isBlocked, arcs);
      let cost = request.sources[sourceIndex].cost + request.targets[targetIndex].cost;
      for (const a of arcs) cost += this.graph.arcDuration[a];
      return { cost, sourceIndex, targetIndex, arcs };
    } finally {
      forward.reset();
      backward.reset();
    }
  }

  /**
   * Appends the road arcs of hierarchy arc k travelled upward (tail to head) or downward: a road
   * of that weight between its nodes, else the lower triangle whose two sides make the weight.
   */
  private unpack(k: number, upward: boolean, metric: Metric, isBlocked: (edge: number) => boolean, out: number[]): void {
    const { order, upHead } = this.h;
    const { up, down } = metric;
    const triangles = this.triangles;
    const tail = triangles.tail;
    const stack = this.stack;
    stack.length = 0;
    stack.push(k * 2 + (upward ? 0 : 1));
    while (stack.length > 0) {
      const top = stack.pop()!;
      const arc = top >>> 1;
      const goingUp = (top & 1) === 0;
      const weight = goingUp ? up[arc] : down[arc];
      const road = this.roadArc(order[goingUp ? tail[arc] : upHead[arc]], order[goingUp ? upHead[arc] : tail[arc]], weight, isBlocked);
      if (road >= 0) {
        out.push(road);
        continue;
      }
      const zLo = triangles.matching(tail[arc], upHead[arc], goingUp, weight, up, down);
      if (zLo < 0) throw new Error(`contraction hierarchy arc ${arc} has no road or triangle of its weight`);
      const zHi = triangles.otherArc;
      // Up: tail → z (zLo down), then z → head (zHi up). Down: head → z (zHi down), then z → tail (zLo up).
      if (goingUp) stack.push(zHi * 2, zLo * 2 + 1);
      else stack.push(zLo * 2, zHi * 2 + 1);
    }
  }

  /** A road arc from node `from` to `to` of exactly `weight`, open, or -1. */
  private roadArc(from: number, to: number, weight: number, isBlocked: (edge: number) => boolean): number {
    const { arcStart, arcTarget, arcDuration, arcEdge } = this.graph;
    for (let a = arcStart[from]; a < arcStart[from + 1]; a++) {
      if (arcTarget[a] === to && arcDuration[a] === weight && !isBlocked(arcEdge[a] >>> 1)) return a;
    }
    return -1;
  }

  private metricFor(closedEdges: readonly number[], blocked: EdgeMask): Metric {
    const key = [...closedEdges].sort((a, b) => a - b).join(',');
    const kept = this.metrics.findIndex((m) => m.key === key);
    let metric: Metric;
    if (kept >= 0) {
      metric = this.metrics.splice(kept, 1)[0].metric;
    } else {
      const result = closedWeights(this.graph, this.h, this.triangles, closedEdges, (edge) => blocked.has(edge));
      metric = { up: result.up, down: result.down };
      if (this.metrics.length >= KEPT_METRICS) this.metrics.shift();
    }
    this.metrics.push({ key, metric });
    return metric;
  }
}
