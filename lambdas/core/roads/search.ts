import { MAX_SPEED_KMH } from './classes';
import { METRES_PER_DEGREE } from './geo';
import { COORDINATE_SCALE, type RoadGraph } from './graph';
import { CchSearch } from './cch/query';
import { MinHeap } from './heap';
import { grown } from './typed-arrays';

/**
 * A set of edge ids: one bit an edge, and the list of edges added, so clearing it costs only
 * what was added (a closure set is tens of edges; a stamp an edge was 4 bytes each).
 */
export class EdgeMask {
  private readonly bits: Uint32Array;
  /** The edges added since the last clear, each once (the hierarchy recomputes around them). */
  private readonly added: number[] = [];

  constructor(edgeCount: number) {
    this.bits = new Uint32Array((edgeCount + 31) >>> 5);
  }

  clear(): void {
    for (const edge of this.added) this.bits[edge >>> 5] &= ~(1 << (edge & 31));
    this.added.length = 0;
  }

  add(edge: number): void {
    const bit = 1 << (edge & 31);
    if (this.bits[edge >>> 5] & bit) return;
    this.bits[edge >>> 5] |= bit;
    this.added.push(edge);
  }

  edges(): readonly number[] {
    return this.added;
  }

  has(edge: number): boolean {
    return (this.bits[edge >>> 5] & (1 << (edge & 31))) !== 0;
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

/** Node coordinates are integers of 1e-7 degrees (a module constant: see format.ts). */
const SCALE = COORDINATE_SCALE;
const NO_TARGET = -1;
/**
 * Nodes A* may settle for a closed set's first trip before the hierarchy takes over (run). A
 * closed long road's own detour on the NSW major roads settles 31 at the median (0.007 ms, where
 * the hierarchy took 0.031 with the set's weights to compute) and 12,540 at p95, so a few hundred
 * take most first trips and cost the rest about 0.1 ms.
 */
const FIRST_TRIP_BUDGET = 400;
const OUT_OF_BUDGET = undefined;
/** Nodes an A* search holds state for before its arrays first grow (a snap's leg reaches a few hundred). */
const FIRST_CAPACITY = 4096;

/**
 * Exact shortest paths. Travel time is answered by the contraction hierarchy (./cch/query.ts)
 * when the graph has one (a closed set's first trips by A* within a budget: run); length (the
 * snap's legs), and travel time on a graph built without the hierarchy, by A* with the
 * straight-line bound (at the top speed for travel time).
 *
 * A* holds state only for the nodes it reaches, in a sparse set: node v's slot is slotOf[v]
 * while nodeOf[slotOf[v]] === v and the slot is below `reached`, so a search starts empty by
 * setting `reached` to 0. Only slotOf is a node long (4 bytes, allocated on the first search);
 * the slot arrays grow with the largest search, where per-node arrays were 40 bytes a node.
 */
export class RoadSearch {
  private slotOf = new Int32Array(0);
  private nodeOf = new Uint32Array(0);
  private dist = new Float64Array(0);
  private potential = new Float64Array(0);
  /** The arc reaching the slot's node, or -1 - source index at a source. */
  private parent = new Int32Array(0);
  private reached = 0;
  private readonly heap = new MinHeap(4096);
  private targetList: readonly SearchEndpoint[] = [];
  settled = 0;
  private readonly hierarchy: CchSearch | undefined;
  private readonly firstTripBudget: number;
  /** Which search answered the last travel-time request (the tests read it). */
  answeredBy: 'hierarchy' | 'a-star' = 'hierarchy';

  constructor(
    private readonly graph: RoadGraph,
    options: { firstTripBudget?: number } = {},
  ) {
    if (graph.cch) this.hierarchy = new CchSearch(graph, graph.cch);
    this.firstTripBudget = options.firstTripBudget ?? FIRST_TRIP_BUDGET;
  }

  /**
   * Travel time by the hierarchy; but a closed set the hierarchy has no weights for is first
   * tried by A* within firstTripBudget settled nodes (exact when it finishes): most trips around a
   * new closure are a short detour A* settles in a few dozen nodes, where the hierarchy would
   * compute the set's weights first. Only a trip that runs out of budget has them computed (and
   * kept for the set's next trips).
   */
  run(request: SearchRequest): SearchResult | null {
    if (request.metric !== 'duration' || !this.hierarchy) return this.aStar(request);
    if (this.firstTripBudget > 0 && request.blocked && request.blocked.edges().length > 0 && !this.hierarchy.keepsWeightsFor(request.blocked)) {
      const found = this.aStar(request, this.firstTripBudget);
      if (found !== OUT_OF_BUDGET) {
        this.answeredBy = 'a-star';
        return found;
      }
    }
    this.answeredBy = 'hierarchy';
    return this.hierarchy.run(request);
  }

  /** The slot of node v, made (at distance Infinity) when the search has not reached v yet. */
  private slot(v: number, metric: 'duration' | 'length'): number {
    const s = this.slotOf[v];
    if (s < this.reached && this.nodeOf[s] === v) return s;
    if (this.reached === this.nodeOf.length) this.grow();
    const made = this.reached++;
    this.slotOf[v] = made;
    this.nodeOf[made] = v;
    this.dist[made] = Infinity;
    this.potential[made] = this.straightBound(v, metric);
    return made;
  }

  private grow(): void {
    const capacity = Math.max(FIRST_CAPACITY, this.nodeOf.length * 2);
    this.nodeOf = grown(this.nodeOf, capacity);
    this.dist = grown(this.dist, capacity);
    this.potential = grown(this.potential, capacity);
    this.parent = grown(this.parent, capacity);
  }

  /** A* alone, whatever the graph has (the bench compares it with the hierarchy). */
  aStar(request: SearchRequest): SearchResult | null;
  /** The same, giving up (OUT_OF_BUDGET) once it has settled more than maxSettled nodes. */
  aStar(request: SearchRequest, maxSettled: number): SearchResult | null | typeof OUT_OF_BUDGET;
  aStar(request: SearchRequest, maxSettled = Infinity): SearchResult | null | typeof OUT_OF_BUDGET {
    const { graph, heap } = this;
    if (this.slotOf.length !== graph.nodeCount) this.slotOf = new Int32Array(graph.nodeCount);
    this.reached = 0;
    heap.clear();
    this.settled = 0;

    const targets = (this.targetList = request.targets);
    const metric = request.metric;
    const byDuration = metric === 'duration';
    const { edgeFrom, edgeTo, edgeLength, edgeRoadFlags, roadSpeed, arcStart, arcEdge } = graph;
    const maxCost = request.maxCost ?? Infinity;
    const blocked = request.blocked;

    request.sources.forEach(({ node, cost }, i) => {
      const s = this.slot(node, metric);
      if (cost < this.dist[s]) {
        this.dist[s] = cost;
        this.parent[s] = -1 - i;
        heap.push(cost + this.potential[s], s);
      }
    });

    let best = Infinity;
    let bestSlot = NO_TARGET;
    let bestTarget = NO_TARGET;
    while (heap.size > 0) {
      const key = heap.peekKey();
      if (key >= best) break;
      const s = heap.pop();
      const g = this.dist[s];
      if (key > g + this.potential[s]) continue;
      if (++this.settled > maxSettled) return OUT_OF_BUDGET;
      const v = this.nodeOf[s];
      // A node may be several targets' (each with its cost): the cheapest, first listed on ties.
      for (let j = 0; j < targets.length; j++) {
        if (targets[j].node !== v) continue;
        const total = g + targets[j].cost;
        if (total < best) {
          best = total;
          bestSlot = s;
          bestTarget = j;
        }
      }
      for (let a = arcStart[v], end = arcStart[v + 1]; a < end; a++) {
        const code = arcEdge[a];
        const e = code >>> 1;
        if (blocked && blocked.has(e)) continue;
        // durationOfEdge and arcHead (./graph.ts), inline on locals as this loop is the search's.
        const d = g + (byDuration ? Math.fround(edgeLength[e] / (roadSpeed[edgeRoadFlags[e] >>> 8] / 3.6)) : edgeLength[e]);
        if (d > maxCost) continue;
        const t = this.slot(code & 1 ? edgeFrom[e] : edgeTo[e], metric);
        if (d < this.dist[t]) {
          this.dist[t] = d;
          this.parent[t] = a;
          const f = d + this.potential[t];
          if (f < Infinity) heap.push(f, t);
        }
      }
    }
    if (bestSlot === NO_TARGET || best > maxCost) return null;

    const arcs: number[] = [];
    let s = bestSlot;
    while (this.parent[s] >= 0) {
      const a = this.parent[s];
      arcs.push(a);
      const e = arcEdge[a] >>> 1;
      s = this.slotOf[arcEdge[a] & 1 ? edgeTo[e] : edgeFrom[e]];
    }
    arcs.reverse();
    return { cost: best, sourceIndex: -1 - this.parent[s], targetIndex: bestTarget, arcs };
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
