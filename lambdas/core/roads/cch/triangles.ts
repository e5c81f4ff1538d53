import { arcBetween, arcsBetween, decodeHeads, lowArc, maxDegree, type UpwardHeads } from './heads';
import type { HierarchyWeights, Metric } from './metric';

/**
 * Lower triangles of the hierarchy's arcs: for the arc between ranks lo < hi, the ranks z below
 * both with arcs z→lo and z→hi. Built on first use (closures and path unpacking need them; open
 * routes whose arcs are all roads do not): each rank's lower neighbours (the tails of the arcs up
 * to it), ascending. A triangle's z is in both lo's and hi's lists: each rank of the shorter list
 * is looked for in the longer by binary search, from where the last was found. Only then are the
 * arcs z→lo and z→hi found, in z's own runs of heads (./heads.ts), so no arc's tail or id is
 * stored: 4 bytes an arc and 4 a node.
 */
export class LowerTriangles {
  /** Rank r's lower neighbours are downTail[downStart[r]..downStart[r+1]-1], ascending. */
  readonly downStart: Uint32Array;
  readonly downTail: Uint32Array;
  /** The walk of common lower neighbours (start, next): the shorter list, and the longer one's. */
  private shortAt = 0;
  private shortEnd = 0;
  private longAt = 0;
  private longEnd = 0;

  constructor(private readonly h: UpwardHeads) {
    const { upStart } = h;
    const n = upStart.length - 1;
    const arcs = upStart[n];
    const heads = new Uint32Array(maxDegree(upStart));
    this.downStart = new Uint32Array(n + 1);
    for (let z = 0; z < n; z++) {
      const count = decodeHeads(h, z, heads);
      for (let i = 0; i < count; i++) this.downStart[heads[i] + 1]++;
    }
    for (let r = 0; r < n; r++) this.downStart[r + 1] += this.downStart[r];
    this.downTail = new Uint32Array(arcs);
    const fill = this.downStart.slice(0, n);
    // Tails in rank order, so each list is ascending.
    for (let z = 0; z < n; z++) {
      const count = decodeHeads(h, z, heads);
      for (let i = 0; i < count; i++) this.downTail[fill[heads[i]]++] = z;
    }
  }

  /** Starts a walk of the lower triangles of the arc between lo and hi (next gives their ranks z). */
  start(lo: number, hi: number): void {
    const { downStart } = this;
    const loCount = downStart[lo + 1] - downStart[lo];
    const hiCount = downStart[hi + 1] - downStart[hi];
    const short = loCount <= hiCount ? lo : hi;
    const long = loCount <= hiCount ? hi : lo;
    this.shortAt = downStart[short];
    this.shortEnd = downStart[short + 1];
    this.longAt = downStart[long];
    this.longEnd = downStart[long + 1];
  }

  /** The next rank z, ascending, with arcs up to both lo and hi, or -1 when there is none. */
  next(): number {
    const { downTail } = this;
    let a = this.longAt;
    const end = this.longEnd;
    while (this.shortAt < this.shortEnd) {
      const z = downTail[this.shortAt++];
      let b = end;
      while (a < b) {
        const mid = (a + b) >>> 1;
        if (downTail[mid] < z) a = mid + 1;
        else b = mid;
      }
      if (a === end) break;
      if (downTail[a] === z) {
        this.longAt = a + 1;
        return z;
      }
    }
    this.shortAt = this.shortEnd;
    return -1;
  }

  /**
   * The lower triangle of the arc between lo and hi whose sides, travelled lo→z→hi (upward) or
   * hi→z→lo, make `weight` (compared in float32, as stored) under the metric: its arc z→lo, with
   * z→hi in `otherArc` and z in `otherTail`; -1 when none does. The lowest such z, as the
   * triangles are walked ascending.
   */
  otherArc = -1;
  otherTail = -1;
  matching(lo: number, hi: number, upward: boolean, weight: number, weights: HierarchyWeights, metric: Metric): number {
    const { h } = this;
    this.start(lo, hi);
    for (let z = this.next(); z >= 0; z = this.next()) {
      // The side up is the cheaper read: most triangles are ruled out by it alone, so its arc is
      // found first (z→hi: its walk passes lo, so both are found at once).
      const sideUpArc = upward ? arcsBetween(h, z, lo, hi) : arcBetween(h, z, lo);
      const sideUp = weights.up(metric, sideUpArc);
      if (sideUp > weight) continue;
      const otherSide = upward ? lowArc : arcBetween(h, z, hi);
      const zHi = upward ? sideUpArc : otherSide;
      const zLo = upward ? otherSide : sideUpArc;
      if (Math.fround(sideUp + weights.down(metric, otherSide)) === weight) {
        this.otherArc = zHi;
        this.otherTail = z;
        return zLo;
      }
    }
    return -1;
  }
}
