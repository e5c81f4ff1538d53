import type { ContractionHierarchy } from './hierarchy';

/**
 * Lower triangles of the hierarchy's arcs: for the arc between ranks lo < hi, the ranks z below
 * both with arcs z→lo and z→hi. Built on first use (closures and path unpacking need them; open
 * routes whose arcs are all roads do not): each arc's tail, and each rank's downward arcs.
 */
export class LowerTriangles {
  readonly tail: Uint32Array;
  private readonly downStart: Uint32Array;
  private readonly downArc: Uint32Array;
  private readonly upStart: Uint32Array;
  private readonly upHead: Uint32Array;
  private readonly mark: Int32Array;
  private readonly stamp: Uint32Array;
  private generation = 0;

  constructor(h: Pick<ContractionHierarchy, 'upStart' | 'upHead'>) {
    const { upStart, upHead } = h;
    this.upStart = upStart;
    this.upHead = upHead;
    const n = upStart.length - 1;
    const m = upHead.length;
    this.tail = new Uint32Array(m);
    this.downStart = new Uint32Array(n + 1);
    for (let r = 0; r < n; r++) {
      for (let k = upStart[r]; k < upStart[r + 1]; k++) {
        this.tail[k] = r;
        this.downStart[upHead[k] + 1]++;
      }
    }
    for (let r = 0; r < n; r++) this.downStart[r + 1] += this.downStart[r];
    this.downArc = new Uint32Array(m);
    const fill = this.downStart.slice(0, n);
    for (let k = 0; k < m; k++) this.downArc[fill[upHead[k]]++] = k;
    this.mark = new Int32Array(n);
    this.stamp = new Uint32Array(n);
  }

  /**
   * The lower triangle of the arc between lo and hi whose sides, travelled lo→z→hi (upward) or
   * hi→z→lo, make `weight` (compared in float32, as stored): its arc z→lo, with z→hi left in
   * `otherArc`; -1 when none does. Inlined rather than each(): path unpacking calls it per shortcut.
   */
  otherArc = -1;
  matching(lo: number, hi: number, upward: boolean, weight: number, up: Float32Array, down: Float32Array): number {
    // Walks lo's lower neighbours only (hi, higher, often has thousands), finding each one's arc
    // to hi by binary search in its upward arcs.
    const { downStart, downArc, tail, upStart, upHead } = this;
    for (let i = downStart[lo]; i < downStart[lo + 1]; i++) {
      const zLo = downArc[i];
      const z = tail[zLo];
      let a = zLo + 1;
      let b = upStart[z + 1];
      while (a < b) {
        const mid = (a + b) >>> 1;
        if (upHead[mid] < hi) a = mid + 1;
        else b = mid;
      }
      if (a === upStart[z + 1] || upHead[a] !== hi) continue;
      if (Math.fround(upward ? down[zLo] + up[a] : down[a] + up[zLo]) === weight) {
        this.otherArc = a;
        return zLo;
      }
    }
    return -1;
  }

  /**
   * Calls visit(lowArc, highArc) for each lower triangle of the arc between lo and hi: lowArc
   * runs z→lo, highArc z→hi. Stops early when visit returns true.
   */
  each(lo: number, hi: number, visit: (lowArc: number, highArc: number) => boolean | void): void {
    if (++this.generation === 0xffffffff) {
      this.stamp.fill(0);
      this.generation = 1;
    }
    const gen = this.generation;
    const { downStart, downArc, tail, mark, stamp } = this;
    for (let i = downStart[lo]; i < downStart[lo + 1]; i++) {
      const k = downArc[i];
      stamp[tail[k]] = gen;
      mark[tail[k]] = k;
    }
    for (let i = downStart[hi]; i < downStart[hi + 1]; i++) {
      const k = downArc[i];
      const z = tail[k];
      if (stamp[z] === gen && visit(mark[z], k) === true) return;
    }
  }
}
