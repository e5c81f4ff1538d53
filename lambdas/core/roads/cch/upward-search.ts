import type { SearchEndpoint } from '../search';
import { firstHead } from './heads';
import type { ContractionHierarchy } from './hierarchy';
import type { HierarchyWeights, Metric } from './metric';

export const NONE = -1;
/** A rank no query has touched since the last reset (never an arc, never a source: -1 - i). */
const UNTOUCHED = -0x80000000;

/**
 * One direction of a hierarchy query, by rank: the distance from the sources (or to the targets)
 * and the arc it was reached by (-1 - i for endpoint i). Between queries every distance is
 * Infinity and every arc UNTOUCHED: a query lists the ranks it touches and resets only those, so
 * no per-node stamp array is needed.
 */
export class QuerySide {
  readonly dist: Float64Array;
  readonly via: Int32Array;
  readonly touched: number[] = [];

  constructor(n: number) {
    this.dist = new Float64Array(n).fill(Infinity);
    this.via = new Int32Array(n).fill(UNTOUCHED);
  }

  /** Marks rank r touched (distance still Infinity); false when it already was. */
  touch(r: number): boolean {
    if (this.via[r] !== UNTOUCHED) return false;
    this.via[r] = NONE;
    this.touched.push(r);
    return true;
  }

  /** Each endpoint's rank at its cost (the cheapest when several share a rank). */
  start(ends: readonly SearchEndpoint[], rank: Uint32Array): void {
    ends.forEach(({ node, cost }, i) => {
      const r = rank[node];
      this.touch(r);
      if (cost < this.dist[r]) {
        this.dist[r] = cost;
        this.via[r] = -1 - i;
      }
    });
  }

  reset(): void {
    const { dist, via, touched } = this;
    for (let i = 0; i < touched.length; i++) {
      dist[touched[i]] = Infinity;
      via[touched[i]] = UNTOUCHED;
    }
    touched.length = 0;
  }
}

type Topology = Pick<ContractionHierarchy, 'rank' | 'upStart' | 'headStart' | 'headBytes'>;

/**
 * Elimination-tree query: every ancestor of the sources in the tree (each node's parent is its
 * lowest upward neighbour) is scanned bottom-up relaxing the arcs up, the targets' the same with
 * the weights down, in step; the best meeting rank wins (NONE when none is within maxCost). No
 * priority queue; a node whose distance already exceeds the best meeting is not relaxed from.
 * Its cost is the ends' depth in the tree, whatever the trip's length. The weights are the
 * metric's (a closed set's changed arcs over the open weights, metric.ts).
 */
export function eliminationTreeQuery(
  h: Topology,
  forward: QuerySide,
  backward: QuerySide,
  sources: readonly SearchEndpoint[],
  targets: readonly SearchEndpoint[],
  weights: HierarchyWeights,
  metric: Metric,
  maxCost: number,
): number {
  const upChain = ancestors(h, forward, sources);
  const downChain = ancestors(h, backward, targets);
  const { dist: fd, via: fv } = forward;
  const { dist: bd, via: bv } = backward;
  let best = Infinity;
  let meeting = NONE;
  let i = 0;
  let j = 0;
  while (i < upChain.length || j < downChain.length) {
    const a = i < upChain.length ? upChain[i] : Infinity;
    const b = j < downChain.length ? downChain[j] : Infinity;
    const r = a <= b ? a : b;
    const total = fd[r] + bd[r];
    if (total < best && total <= maxCost) {
      best = total;
      meeting = r;
    }
    if (a === r) {
      i++;
      if (fd[r] < best && fd[r] <= maxCost) weights.relaxUp(r, fd[r], metric, fd, fv);
    }
    if (b === r) {
      j++;
      if (bd[r] < best && bd[r] <= maxCost) weights.relaxDown(r, bd[r], metric, bd, bv);
    }
  }
  return meeting;
}

/** The endpoints' ancestors in the elimination tree (ranks), ascending, touched and started. */
function ancestors(h: Topology, side: QuerySide, ends: readonly SearchEndpoint[]): Uint32Array {
  const { rank, upStart } = h;
  const from = side.touched.length;
  for (const { node } of ends) {
    let r = rank[node];
    while (side.touch(r) && upStart[r] !== upStart[r + 1]) r = firstHead(h, r);
  }
  side.start(ends, rank);
  return Uint32Array.from(side.touched.slice(from)).sort();
}
