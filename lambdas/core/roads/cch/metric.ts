import { lowerBound } from '../typed-arrays';
import { decodeHeads, maxDegree } from './heads';
import type { ContractionHierarchy } from './hierarchy';

/**
 * A set of closed edges' weights, as the arcs whose weights differ from the open ones (ascending,
 * with their weights up and down): closing a few dozen roads changes some thousands of the
 * hierarchy's millions of arcs, so a closed set costs kilobytes, never a copy of the weights.
 */
export interface Metric {
  arc: Uint32Array;
  up: Float32Array;
  down: Float32Array;
}

export const OPEN: Metric = { arc: new Uint32Array(0), up: new Float32Array(0), down: new Float32Array(0) };

/**
 * Reads the hierarchy's weights under a metric. Open weights: up is the hierarchy's array; down is
 * up except on the listed arcs, found by a bit an arc and a count of listed arcs before each
 * 32 (8 bytes per 32 arcs instead of 4 bytes an arc). A metric's changed arcs are found by binary
 * search; the relax loops walk both lists alongside the arcs instead.
 */
export class HierarchyWeights {
  /**
   * For each 32 arcs, their bits (at 2w) and the count of listed arcs before them (at 2w + 1):
   * side by side, so a lookup reads one cache line where two arrays took two.
   */
  private readonly listed: Uint32Array;
  /** A bit for each arc the metric last read changes, so unchanged arcs skip the binary search. */
  private readonly changedBits: Uint32Array;
  private bitsFor: Metric = OPEN;
  /** The heads of the rank being relaxed, decoded (./heads.ts). */
  private readonly heads: Uint32Array;
  /** The most upward arcs of any rank: what a scratch array of decoded heads needs (counted once, a pass over every rank). */
  readonly maxDegree: number;

  constructor(private readonly h: ContractionHierarchy) {
    this.maxDegree = maxDegree(h.upStart);
    this.heads = new Uint32Array(this.maxDegree);
    const words = (h.up.length >>> 5) + 1;
    const listed = (this.listed = new Uint32Array(2 * words));
    this.changedBits = new Uint32Array(words);
    const { downArc } = h;
    for (let i = 0; i < downArc.length; i++) {
      const k = downArc[i];
      if (i > 0 && k <= downArc[i - 1]) throw new Error('contraction hierarchy weights down are not listed in arc order');
      listed[2 * (k >>> 5)] |= 1 << (k & 31);
    }
    for (let w = 1; w < words; w++) listed[2 * w + 1] = listed[2 * w - 1] + popcount(listed[2 * w - 2]);
  }

  /** The index in downArc of the first listed arc at or after k. */
  private listedFrom(k: number): number {
    const w = k >>> 5;
    return this.listed[2 * w + 1] + popcount(this.listed[2 * w] & ((1 << (k & 31)) - 1));
  }

  /** The open weight down arc k. */
  openDown(k: number): number {
    const w = k >>> 5;
    const bit = 1 << (k & 31);
    const bits = this.listed[2 * w];
    if ((bits & bit) === 0) return this.h.up[k];
    return this.h.downWeight[this.listed[2 * w + 1] + popcount(bits & (bit - 1))];
  }

  /** Whether the metric changes arc k (its bits are set when another metric's were). */
  private changes(metric: Metric, k: number): boolean {
    if (metric === OPEN) return false;
    if (this.bitsFor !== metric) {
      const bits = this.changedBits;
      const before = this.bitsFor.arc;
      for (let i = 0; i < before.length; i++) bits[before[i] >>> 5] = 0;
      const arcs = metric.arc;
      for (let i = 0; i < arcs.length; i++) bits[arcs[i] >>> 5] |= 1 << (arcs[i] & 31);
      this.bitsFor = metric;
    }
    return (this.changedBits[k >>> 5] & (1 << (k & 31))) !== 0;
  }

  /** Whether the metric changes any of arcs start..end-1. */
  private changesAny(metric: Metric, start: number, end: number): boolean {
    if (metric === OPEN || start === end) return false;
    this.changes(metric, start);
    for (let w = start >>> 5; w <= (end - 1) >>> 5; w++) if (this.changedBits[w] !== 0) return true;
    return false;
  }

  up(metric: Metric, k: number): number {
    return this.changes(metric, k) ? metric.up[lowerBound(metric.arc, k)] : this.h.up[k];
  }

  down(metric: Metric, k: number): number {
    return this.changes(metric, k) ? metric.down[lowerBound(metric.arc, k)] : this.openDown(k);
  }

  /**
   * Relaxes rank r's upward arcs (to its ancestors) at distance d by the weights up; the metric's
   * changed arcs are walked alongside. Distances and arcs are by slot (`slotOf` a rank: every
   * ancestor holds one, ./upward-search.ts).
   */
  relaxUp(r: number, d: number, metric: Metric, slotOf: Int32Array, dist: Float64Array, via: Int32Array): void {
    const { upStart, up } = this.h;
    const start = upStart[r];
    const end = upStart[r + 1];
    const heads = this.heads;
    decodeHeads(this.h, r, heads);
    if (!this.changesAny(metric, start, end)) {
      for (let k = start; k < end; k++) {
        const w = d + up[k];
        const x = slotOf[heads[k - start]];
        if (w < dist[x]) {
          dist[x] = w;
          via[x] = k;
        }
      }
      return;
    }
    const changed = metric.arc;
    const changedUp = metric.up;
    let c = lowerBound(changed, start);
    let nextChanged = c < changed.length ? changed[c] : end;
    for (let k = start; k < end; k++) {
      let w: number;
      if (k === nextChanged) {
        w = d + changedUp[c++];
        nextChanged = c < changed.length ? changed[c] : end;
      } else w = d + up[k];
      const x = slotOf[heads[k - start]];
      if (w < dist[x]) {
        dist[x] = w;
        via[x] = k;
      }
    }
  }

  /** The same by the weights down: the listed weights down and the metric's changed arcs are walked alongside. */
  relaxDown(r: number, d: number, metric: Metric, slotOf: Int32Array, dist: Float64Array, via: Int32Array): void {
    const { upStart, up, downArc, downWeight } = this.h;
    const start = upStart[r];
    const end = upStart[r + 1];
    const heads = this.heads;
    decodeHeads(this.h, r, heads);
    const changed = metric.arc;
    const changedDown = metric.down;
    let c = this.changesAny(metric, start, end) ? lowerBound(changed, start) : changed.length;
    let nextChanged = c < changed.length ? changed[c] : end;
    let l = this.listedFrom(start);
    let nextListed = l < downArc.length ? downArc[l] : end;
    for (let k = start; k < end; k++) {
      let w: number;
      if (k === nextListed) {
        w = downWeight[l++];
        nextListed = l < downArc.length ? downArc[l] : end;
      } else w = up[k];
      if (k === nextChanged) {
        w = changedDown[c++];
        nextChanged = c < changed.length ? changed[c] : end;
      }
      w += d;
      const x = slotOf[heads[k - start]];
      if (w < dist[x]) {
        dist[x] = w;
        via[x] = k;
      }
    }
  }
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}
