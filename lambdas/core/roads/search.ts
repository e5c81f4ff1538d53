import { MAX_SPEED_KMH } from './classes';
import { METRES_PER_DEGREE } from './geo';
import { COORDINATE_SCALE, LANDMARK_UNREACHABLE, type RoadGraph } from './graph';
import { CchSearch } from './cch/query';
import { MinHeap } from './heap';

/**
 * A set of edge ids that is emptied in O(1): membership is "stamp equals the current
 * generation", so a per-query set costs nothing to reset.
 */
export class EdgeMask {
  private readonly stamps: Uint32Array;
  private generation = 1;
  /** The edges added since the last clear, each once (the hierarchy recomputes around them). */
  private readonly added: number[] = [];

  constructor(edgeCount: number) {
    this.stamps = new Uint32Array(edgeCount);
  }

  clear(): void {
    if (++this.generation === 0xffffffff) {
      this.stamps.fill(0);
      this.generation = 1;
    }
    this.added.length = 0;
  }

  add(edge: number): void {
    if (this.stamps[edge] === this.generation) return;
    this.stamps[edge] = this.generation;
    this.added.push(edge);
  }

  edges(): readonly number[] {
    return this.added;
  }

  has(edge: number): boolean {
    return this.stamps[edge] === this.generation;
  }
}

/** A search start (cost already spent reaching `node`) or end (cost still to pay after `node`). */
export interface SearchEndpoint {
  node: number;
  cost: number;
}

export interface SearchRequest {
  sources: readonly SearchEndpoint[];
  targets: readonly SearchEndpoint[];
  /** 'duration' (seconds, contraction hierarchy) or 'length' (metres, straight-line A*). */
  metric: 'duration' | 'length';
  blocked?: EdgeMask;
  /** Give up on paths costing more than this. */
  maxCost?: number;
}

export interface SearchResult {
  cost: number;
  sourceIndex: number;
  targetIndex: number;
  /** Arc ids from the source node to the target node. */
  arcs: number[];
}

const ACTIVE_LANDMARKS = 6;
/** Node coordinates are integers of 1e-7 degrees (a module constant: see format.ts). */
const SCALE = COORDINATE_SCALE;
const NO_TARGET = -1;

/**
 * Exact shortest paths. Travel time is answered by the contraction hierarchy (./cch/query.ts)
 * when the graph has one; otherwise, and for length, by A*. For travel time the potential is ALT (landmark) bounds; for length
 * it is the straight-line distance. Per-node arrays are allocated once and invalidated with a
 * generation stamp, so a query touches only the nodes it visits.
 */
export class RoadSearch {
  private readonly dist: Float64Array;
  private readonly potential: Float64Array;
  private readonly parent: Int32Array;
  private readonly seen: Uint32Array;
  private readonly targetSeen: Uint32Array;
  private readonly targetCost: Float64Array;
  private readonly targetIndex: Int32Array;
  private readonly heap = new MinHeap(4096);
  private generation = 0;
  /**
   * Landmark tables round each value to half a step; one step absorbs that in a difference of two
   * values, plus the float32 rounding of the arc weights summed along a path, so bounds stay admissible.
   */
  private readonly landmarkSlack: number;
  /** Seconds of each landmark table value (Infinity where unreachable), decoded once per value. */
  private readonly landmarkSeconds: Float64Array;
  private active = new Int32Array(ACTIVE_LANDMARKS);
  private activeCount = 0;
  private targetLandmarks = new Float64Array(0);
  private targetList: SearchEndpoint[] = [];
  settled = 0;
  private readonly hierarchy: CchSearch | undefined;

  constructor(private readonly graph: RoadGraph) {
    const n = graph.nodeCount;
    if (graph.cch) this.hierarchy = new CchSearch(graph, graph.cch);
    this.dist = new Float64Array(n);
    this.potential = new Float64Array(n);
    this.parent = new Int32Array(n);
    this.seen = new Uint32Array(n);
    this.targetSeen = new Uint32Array(n);
    this.targetCost = new Float64Array(n);
    this.targetIndex = new Int32Array(n);
    this.landmarkSeconds = new Float64Array(LANDMARK_UNREACHABLE + 1);
    for (let q = 0; q < LANDMARK_UNREACHABLE; q++) this.landmarkSeconds[q] = q * graph.landmarkUnit;
    this.landmarkSeconds[LANDMARK_UNREACHABLE] = Infinity;
    const max = (LANDMARK_UNREACHABLE - 1) * graph.landmarkUnit;
    this.landmarkSlack = graph.landmarkUnit + max * 2.5e-7 + 1e-6;
  }

  run(request: SearchRequest): SearchResult | null {
    if (request.metric === 'duration' && this.hierarchy) return this.hierarchy.run(request);
    return this.aStar(request);
  }

  /** A* alone, whatever the graph has (the bench compares it with the hierarchy). */
  aStar(request: SearchRequest): SearchResult | null {
    const { graph, dist, potential, parent, seen, heap } = this;
    if (++this.generation === 0xffffffff) {
      seen.fill(0);
      this.targetSeen.fill(0);
      this.generation = 1;
    }
    const gen = this.generation;
    heap.clear();
    this.settled = 0;

    this.targetList = [...request.targets];
    request.targets.forEach(({ node, cost }, i) => {
      if (this.targetSeen[node] !== gen || cost < this.targetCost[node]) {
        this.targetSeen[node] = gen;
        this.targetCost[node] = cost;
        this.targetIndex[node] = i;
      }
    });
    const useLandmarks = request.metric === 'duration' && graph.landmarkCount > 0;
    if (useLandmarks) this.chooseLandmarks(request.sources);
    const byDuration = request.metric === 'duration';
    const { arcDuration, edgeLength } = graph;
    const maxCost = request.maxCost ?? Infinity;
    const blocked = request.blocked;

    request.sources.forEach(({ node, cost }, i) => {
      if (seen[node] !== gen) {
        seen[node] = gen;
        dist[node] = Infinity;
        potential[node] = useLandmarks ? this.landmarkBound(node) : this.straightBound(node, request.metric);
      }
      if (cost < dist[node]) {
        dist[node] = cost;
        parent[node] = -1 - i;
        heap.push(cost + potential[node], node);
      }
    });

    let best = Infinity;
    let bestNode = NO_TARGET;
    const { arcStart, arcTarget, arcEdge } = graph;
    while (heap.size > 0) {
      const key = heap.peekKey();
      if (key >= best) break;
      const v = heap.pop();
      const g = dist[v];
      if (key > g + potential[v]) continue;
      this.settled++;
      if (this.targetSeen[v] === gen) {
        const total = g + this.targetCost[v];
        if (total < best) {
          best = total;
          bestNode = v;
        }
      }
      for (let a = arcStart[v], end = arcStart[v + 1]; a < end; a++) {
        if (blocked && blocked.has(arcEdge[a] >>> 1)) continue;
        const w = arcTarget[a];
        const d = g + (byDuration ? arcDuration[a] : edgeLength[arcEdge[a] >>> 1]);
        if (d > maxCost) continue;
        if (seen[w] !== gen) {
          seen[w] = gen;
          dist[w] = Infinity;
          potential[w] = useLandmarks ? this.landmarkBound(w) : this.straightBound(w, request.metric);
        }
        if (d < dist[w]) {
          dist[w] = d;
          parent[w] = a;
          const f = d + potential[w];
          if (f < Infinity) heap.push(f, w);
        }
      }
    }
    if (bestNode === NO_TARGET || best > maxCost) return null;

    const arcs: number[] = [];
    let v = bestNode;
    while (parent[v] >= 0) {
      const a = parent[v];
      arcs.push(a);
      const e = arcEdge[a] >>> 1;
      v = arcEdge[a] & 1 ? graph.edgeTo[e] : graph.edgeFrom[e];
    }
    arcs.reverse();
    return { cost: best, sourceIndex: -1 - parent[v], targetIndex: this.targetIndex[bestNode], arcs };
  }

  /** The landmarks giving the tightest bound from the first source: few landmarks, cheap nodes. */
  private chooseLandmarks(sources: readonly SearchEndpoint[]): void {
    const { landmarkCount: k, landmarkFrom, landmarkTo } = this.graph;
    const seconds = this.landmarkSeconds;
    const targets = this.targetList;
    this.targetLandmarks = new Float64Array(targets.length * k * 2);
    targets.forEach(({ node }, j) => {
      for (let i = 0; i < k; i++) {
        this.targetLandmarks[(j * k + i) * 2] = seconds[landmarkFrom[node * k + i]];
        this.targetLandmarks[(j * k + i) * 2 + 1] = seconds[landmarkTo[node * k + i]];
      }
    });
    const source = sources[0]?.node ?? 0;
    const scores: { i: number; bound: number }[] = [];
    for (let i = 0; i < k; i++) {
      let bound = 0;
      for (let j = 0; j < targets.length; j++) {
        const forward = this.targetLandmarks[(j * k + i) * 2] - seconds[landmarkFrom[source * k + i]];
        const backward = seconds[landmarkTo[source * k + i]] - this.targetLandmarks[(j * k + i) * 2 + 1];
        const b = Math.max(Number.isNaN(forward) ? 0 : forward, Number.isNaN(backward) ? 0 : backward);
        bound = j === 0 ? b : Math.min(bound, b);
      }
      scores.push({ i, bound });
    }
    scores.sort((p, q) => q.bound - p.bound);
    this.activeCount = Math.min(ACTIVE_LANDMARKS, k);
    for (let a = 0; a < this.activeCount; a++) this.active[a] = scores[a].i;
  }

  private landmarkBound(v: number): number {
    const { landmarkCount: k, landmarkFrom, landmarkTo } = this.graph;
    const seconds = this.landmarkSeconds;
    const tl = this.targetLandmarks;
    const targets = this.targetList;
    let best = Infinity;
    for (let j = 0; j < targets.length; j++) {
      let bound = 0;
      for (let a = 0; a < this.activeCount; a++) {
        const i = this.active[a];
        const slot = (j * k + i) * 2;
        // NaN (both unreachable) compares false and is skipped.
        const forward = tl[slot] - seconds[landmarkFrom[v * k + i]];
        if (forward > bound) bound = forward;
        const backward = seconds[landmarkTo[v * k + i]] - tl[slot + 1];
        if (backward > bound) bound = backward;
      }
      const total = bound - this.landmarkSlack + targets[j].cost;
      if (total < best) best = total;
    }
    return best > 0 ? best : 0;
  }

  private straightBound(v: number, metric: 'duration' | 'length'): number {
    const { nodeLngE7, nodeLatE7 } = this.graph;
    const x = nodeLngE7[v] / SCALE;
    const y = nodeLatE7[v] / SCALE;
    let best = Infinity;
    for (const { node, cost } of this.targetList) {
      const kx = Math.cos(((y + nodeLatE7[node] / SCALE) * Math.PI) / 360);
      const dx = (nodeLngE7[node] / SCALE - x) * kx;
      const dy = nodeLatE7[node] / SCALE - y;
      // 0.99: the flat-earth distance may slightly exceed the haversine edge lengths.
      const metres = Math.sqrt(dx * dx + dy * dy) * METRES_PER_DEGREE * 0.99;
      const bound = (metric === 'length' ? metres : metres / (MAX_SPEED_KMH / 3.6)) + cost;
      if (bound < best) best = bound;
    }
    return best;
  }
}
