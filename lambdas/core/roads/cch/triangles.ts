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
  private readonly mark: Int32Array;
  private readonly stamp: Uint32Array;
  private generation = 0;

  constructor(h: Pick<ContractionHierarchy, 'upStart' | 'upHead'>) {
    const { upStart, upHead } = h;
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
