import { arcBetween, decodeHeads, maxDegree, type UpwardHeads } from './heads';
import type { HierarchyWeights, Metric } from './metric';

/**
 * Lower triangles of the hierarchy's arcs: for the arc between ranks lo < hi, the ranks z below
 * both with arcs z→lo and z→hi. Built on first use (closures and path unpacking need them; open
 * routes whose arcs are all roads do not): each rank's lower neighbours (the tails of the arcs up
 * to it), ascending. The arcs z→lo and z→hi are found in z's own upward arcs by walking its runs
 * of heads (a node has a few, ./heads.ts), so no arc's tail or id is stored: 4 bytes an arc and 4
 * a node.
 */
export class LowerTriangles {
  /** Rank r's lower neighbours are downTail[downStart[r]..downStart[r+1]-1], ascending. */
  readonly downStart: Uint32Array;
  readonly downTail: Uint32Array;

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

  /**
   * The lower triangle of the arc between lo and hi whose sides, travelled lo→z→hi (upward) or
   * hi→z→lo, make `weight` (compared in float32, as stored) under the metric: its arc z→lo, with
   * z→hi in `otherArc` and z in `otherTail`; -1 when none does. Walks lo's lower neighbours (hi,
   * higher, often has thousands), looking for hi first (most have no arc to it).
   */
  otherArc = -1;
  otherTail = -1;
  matching(lo: number, hi: number, upward: boolean, weight: number, weights: HierarchyWeights, metric: Metric): number {
    const { downStart, downTail, h } = this;
    for (let i = downStart[lo]; i < downStart[lo + 1]; i++) {
      const z = downTail[i];
      const zHi = arcBetween(h, z, hi);
      if (zHi < 0) continue;
      const zLo = arcBetween(h, z, lo);
      // The side up is the cheaper read: most triangles are ruled out by it alone.
      const sideUp = weights.up(metric, upward ? zHi : zLo);
      if (sideUp > weight) continue;
      if (Math.fround(sideUp + weights.down(metric, upward ? zLo : zHi)) === weight) {
        this.otherArc = zHi;
        this.otherTail = z;
        return zLo;
      }
    }
    return -1;
  }
}
