import type { SearchEndpoint } from '../search';
import { grown } from '../typed-arrays';
import { firstHead } from './heads';
import type { ContractionHierarchy } from './hierarchy';
import type { HierarchyWeights, Metric } from './metric';

export const NONE = -1;
/** A slot this side has not touched in this query (never an arc, never a source: -1 - i). */
const UNTOUCHED = -0x80000000;

/**
 * The ranks a query touches, each given a slot for both its sides: a query only ever reaches the
 * ends' ancestors in the elimination tree (a rank's upward arcs all lead to its ancestors), some
 * hundreds or thousands of ranks, so the distances live in arrays of that length, not of every
 * rank (a float64 distance and an int32 arc a rank a side were 24 bytes a node, 22 MB at 1M).
 * `slotOf` is the only per-rank array; it is read only for ranks given a slot in this query (the
 * ancestors are touched before any arc is relaxed), so it is never cleared.
 */
export class QuerySlots {
  readonly slotOf: Int32Array;
  private rankAt = new Int32Array(256);
  count = 0;
  readonly forward = new QuerySide(this);
  readonly backward = new QuerySide(this);

  constructor(n: number) {
    this.slotOf = new Int32Array(n);
  }

  /** Rank r's slot, made (untouched by both sides) when r has none in this query. */
  slot(r: number): number {
    const s = this.slotOf[r];
    if (s < this.count && this.rankAt[s] === r) return s;
    if (this.count === this.rankAt.length) {
      this.rankAt = grown(this.rankAt, this.count * 2);
      this.forward.grow(this.count * 2);
      this.backward.grow(this.count * 2);
    }
    const made = this.count++;
    this.slotOf[r] = made;
    this.rankAt[made] = r;
    this.forward.clear(made);
    this.backward.clear(made);
    return made;
  }

  /** Forgets this query's slots and both sides' touched lists. */
  reset(): void {
    this.count = 0;
    this.forward.touched.length = 0;
    this.backward.touched.length = 0;
  }
}

/**
 * One direction of a hierarchy query, by slot (QuerySlots): the distance from the sources (or to
 * the targets) and the arc it was reached by (-1 - i for endpoint i); the ranks it touched.
 */
export class QuerySide {
  dist = new Float64Array(256);
  via = new Int32Array(256);
  readonly touched: number[] = [];
  private ascending = new Uint32Array(256);

  constructor(private readonly slots: QuerySlots) {}

  grow(length: number): void {
    this.dist = grown(this.dist, length);
    this.via = grown(this.via, length);
  }

  clear(s: number): void {
    this.dist[s] = Infinity;
    this.via[s] = UNTOUCHED;
  }

  /** The arc rank r was reached by on this side (-1 - i for endpoint i); r must hold a slot. */
  viaOf(r: number): number {
    return this.via[this.slots.slotOf[r]];
  }

  /** Marks rank r touched (distance still Infinity); false when it already was. */
  touch(r: number): boolean {
    const s = this.slots.slot(r);
    if (this.via[s] !== UNTOUCHED) return false;
    this.via[s] = NONE;
    this.touched.push(r);
    return true;
  }

  /** Each endpoint's rank at its cost (the cheapest when several share a rank). */
  start(ends: readonly SearchEndpoint[], rank: Uint32Array): void {
    for (let i = 0; i < ends.length; i++) {
      const { node, cost } = ends[i];
      const r = rank[node];
      this.touch(r);
      const s = this.slots.slotOf[r];
      if (cost < this.dist[s]) {
        this.dist[s] = cost;
        this.via[s] = -1 - i;
      }
    }
  }

  /** The ranks touched from index `from` on, ascending, in this side's own array (valid until its next query: no array a query). */
  touchedAscending(from: number): Uint32Array {
    const { touched } = this;
    const n = touched.length - from;
    if (this.ascending.length < n) this.ascending = new Uint32Array(Math.max(n, this.ascending.length * 2));
    const out = this.ascending.subarray(0, n);
    for (let i = 0; i < n; i++) out[i] = touched[from + i];
    return out.sort();
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
  slots: QuerySlots,
  sources: readonly SearchEndpoint[],
  targets: readonly SearchEndpoint[],
  weights: HierarchyWeights,
  metric: Metric,
  maxCost: number,
): number {
  const { forward, backward } = slots;
  const upChain = ancestors(h, forward, sources);
  const downChain = ancestors(h, backward, targets);
  // Read after the ancestors are touched: a slot made there may have grown the arrays.
  const { dist: fd, via: fv } = forward;
  const { dist: bd, via: bv } = backward;
  const { slotOf } = slots;
  let best = Infinity;
  let meeting = NONE;
  let i = 0;
  let j = 0;
  while (i < upChain.length || j < downChain.length) {
    const a = i < upChain.length ? upChain[i] : Infinity;
    const b = j < downChain.length ? downChain[j] : Infinity;
    const r = a <= b ? a : b;
    const s = slotOf[r];
    const total = fd[s] + bd[s];
    if (total < best && total <= maxCost) {
      best = total;
      meeting = r;
    }
    if (a === r) {
      i++;
      if (fd[s] < best && fd[s] <= maxCost) weights.relaxUp(r, fd[s], metric, slotOf, fd, fv);
    }
    if (b === r) {
      j++;
      if (bd[s] < best && bd[s] <= maxCost) weights.relaxDown(r, bd[s], metric, slotOf, bd, bv);
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
  return side.touchedAscending(from);
}
