import { MinHeap } from '../heap';
import { arcHead, arcTime } from '../graph';
import { grown, lowerBound } from '../typed-arrays';
import { arcBetween, arcsBetween, decodeHeads, headOf, lowArc } from './heads';
import type { ArcGraph, ContractionHierarchy } from './hierarchy';
import { OPEN, type HierarchyWeights, type Metric } from './metric';
import type { LowerTriangles } from './triangles';

type ClosableGraph = ArcGraph & { edgeFrom: Uint32Array; edgeTo: Uint32Array };

/**
 * The weights with more edges closed, exactly: `base` (the open weights or those of a subset of
 * the closed edges) with only the arcs that could change recomputed. An arc holding a newly
 * closed road is recomputed from its remaining roads and its lower triangles; when its weight
 * changes, the arcs above it that it forms a triangle with are recomputed in turn, lowest tail
 * first (their own lower arcs are then final), but only where the triangle through it was what
 * made their weight (in float32, as stored): closing only removes ways, so weights only grow, and
 * an arc whose weight came from elsewhere keeps it.
 *
 * A new closure set recomputes a handful of arcs to a few thousand, so the scratch (a bit an arc
 * for the arcs queued and those changed, the heap, the new weights) is kept between sets and
 * cleared arc by arc: made for each set, the bitsets alone zeroed a quarter of a byte an arc
 * (1.8 MB at 1M nodes) and brought as much into the cache, where a set of one long road on the
 * NSW major roads recomputes six arcs. Base's weights are read through `weights` (its own bit
 * an arc says which base changed).
 */
export class MetricCustomizer {
  /** Two words for each 32 arcs, side by side (one cache line): those queued (at 2w) and those changed (at 2w + 1). */
  private readonly bits: Uint32Array;
  /** The arcs queued by the current call, each once: what to clear in `bits`. */
  private readonly queuedArcs: number[] = [];
  private readonly heap = new MinHeap(256);
  private readonly heads: Uint32Array;
  /** The arcs changed here (newCount of them), ascending as they are recomputed in arc order, with their new weights. */
  private newArc = new Uint32Array(64);
  private newUp = new Float32Array(64);
  private newDown = new Float32Array(64);
  private newCount = 0;
  private base: Metric = OPEN;

  constructor(
    private readonly graph: ClosableGraph,
    private readonly h: ContractionHierarchy,
    private readonly weights: HierarchyWeights,
    private readonly triangles: LowerTriangles,
  ) {
    this.bits = new Uint32Array(2 * ((h.up.length >>> 5) + 1));
    this.heads = new Uint32Array(weights.maxDegree);
  }

  /** Base's weights with closedEdges closed too (isBlocked: every closed edge, base's included); base's changed arcs merged with these. */
  closedMetric(base: Metric, closedEdges: readonly number[], isBlocked: (edge: number) => boolean): Metric & { recomputed: number } {
    const { graph, h, heap, triangles } = this;
    const { rank, order, upStart } = h;
    this.base = base;
    try {
      for (const e of closedEdges) {
        const p = rank[graph.edgeFrom[e]];
        const q = rank[graph.edgeTo[e]];
        if (p !== q) this.enqueue(Math.min(p, q), arcBetween(h, Math.min(p, q), Math.max(p, q)));
      }
      const heads = this.heads;
      let recomputed = 0;
      while (heap.size > 0) {
        const k = heap.peekKey();
        const lo = heap.pop();
        recomputed++;
        const hi = headOf(h, lo, k);
        let bestUp = roadWeight(graph, order[lo], order[hi], isBlocked);
        let bestDown = roadWeight(graph, order[hi], order[lo], isBlocked);
        // The lower triangles: the ranks below both lo and hi with arcs to both.
        triangles.start(lo, hi);
        for (let z = triangles.next(); z >= 0; z = triangles.next()) {
          const zHi = arcsBetween(h, z, lo, hi);
          const zLo = lowArc;
          const viaUp = this.down(zLo) + this.up(zHi);
          if (viaUp < bestUp) bestUp = viaUp;
          const viaDown = this.down(zHi) + this.up(zLo);
          if (viaDown < bestDown) bestDown = viaDown;
        }
        bestUp = Math.fround(bestUp);
        bestDown = Math.fround(bestDown);
        const oldUp = this.up(k);
        const oldDown = this.down(k);
        if (bestUp === oldUp && bestDown === oldDown) continue;
        this.bits[2 * (k >>> 5) + 1] |= 1 << (k & 31);
        this.addChanged(k, bestUp, bestDown);
        // Triangles where k is a lower side: lo is their lowest node, z another head of lo, and the
        // third arc joins z and hi. It is recomputed where the way through lo made its weight.
        const first = upStart[lo];
        const count = decodeHeads(h, lo, heads);
        for (let j = first; j < first + count; j++) {
          const z = heads[j - first];
          if (z === hi) continue;
          const zToHi = Math.fround(this.down(j) + oldUp); // z → lo → hi
          const hiToZ = Math.fround(oldDown + this.up(j)); // hi → lo → z
          if (z < hi) {
            const t = arcBetween(h, z, hi);
            if ((bestUp !== oldUp && zToHi === this.up(t)) || (bestDown !== oldDown && hiToZ === this.down(t))) this.enqueue(z, t);
          } else {
            const t = arcBetween(h, hi, z);
            if ((bestDown !== oldDown && hiToZ === this.up(t)) || (bestUp !== oldUp && zToHi === this.down(t))) this.enqueue(hi, t);
          }
        }
      }
      return this.merged(recomputed);
    } finally {
      this.clear();
    }
  }

  /** Weight up arc k: changed here, else base's. */
  private up(k: number): number {
    if ((this.bits[2 * (k >>> 5) + 1] & (1 << (k & 31))) !== 0) return this.newUp[lowerBound(this.newArc, k, this.newCount)];
    return this.weights.up(this.base, k);
  }

  private down(k: number): number {
    if ((this.bits[2 * (k >>> 5) + 1] & (1 << (k & 31))) !== 0) return this.newDown[lowerBound(this.newArc, k, this.newCount)];
    return this.weights.down(this.base, k);
  }

  private addChanged(k: number, up: number, down: number): void {
    if (this.newCount === this.newArc.length) {
      const size = 2 * this.newCount;
      this.newArc = grown(this.newArc, size);
      this.newUp = grown(this.newUp, size);
      this.newDown = grown(this.newDown, size);
    }
    this.newArc[this.newCount] = k;
    this.newUp[this.newCount] = up;
    this.newDown[this.newCount++] = down;
  }

  /**
   * Queues arc k (of rank `tail`) once a call. The heap is keyed by arc id, which orders arcs by
   * their tail (a rank's arcs are numbered after every lower rank's): an arc's lower triangles
   * have lower tails, so they are final when it is recomputed; and as an arc only queues arcs of
   * higher tails, the arcs come off ascending, which keeps newArc sorted.
   */
  private enqueue(tail: number, k: number): void {
    if (k < 0) return;
    const bit = 1 << (k & 31);
    if ((this.bits[2 * (k >>> 5)] & bit) !== 0) return;
    this.bits[2 * (k >>> 5)] |= bit;
    this.queuedArcs.push(k);
    this.heap.push(k, tail);
  }

  private clear(): void {
    // Every bit set is a queued arc's (the changed ones were queued first).
    for (const k of this.queuedArcs) {
      this.bits[2 * (k >>> 5)] = 0;
      this.bits[2 * (k >>> 5) + 1] = 0;
    }
    this.queuedArcs.length = 0;
    this.heap.clear();
    this.newCount = 0;
    this.base = OPEN;
  }

  /** Base's changed arcs with these (which win where both changed one), ascending. */
  private merged(recomputed: number): Metric & { recomputed: number } {
    const { base, newArc, newUp, newDown, newCount } = this;
    const most = base.arc.length + newCount;
    // One buffer for the three (a set's first trip pays for each allocation).
    const buffer = new ArrayBuffer(12 * most);
    const arc = new Uint32Array(buffer, 0, most);
    const up = new Float32Array(buffer, 4 * most, most);
    const down = new Float32Array(buffer, 8 * most, most);
    let i = 0;
    let out = 0;
    for (let j = 0; j < newCount; j++) {
      const k = newArc[j];
      while (i < base.arc.length && base.arc[i] < k) {
        arc[out] = base.arc[i];
        up[out] = base.up[i];
        down[out++] = base.down[i++];
      }
      if (i < base.arc.length && base.arc[i] === k) i++;
      arc[out] = k;
      up[out] = newUp[j];
      down[out++] = newDown[j];
    }
    while (i < base.arc.length) {
      arc[out] = base.arc[i];
      up[out] = base.up[i];
      down[out++] = base.down[i++];
    }
    if (out === most) return { arc, up, down, recomputed };
    return { arc: arc.slice(0, out), up: up.slice(0, out), down: down.slice(0, out), recomputed };
  }
}

/** The fastest open road straight from node u to node v (Infinity when none). */
export function roadWeight(graph: ArcGraph, u: number, v: number, isBlocked: (edge: number) => boolean): number {
  let best = Infinity;
  for (let a = graph.arcStart[u]; a < graph.arcStart[u + 1]; a++) {
    if (arcHead(graph, a) === v && arcTime(graph, a) < best && !isBlocked(graph.arcEdge[a] >>> 1)) best = arcTime(graph, a);
  }
  return best;
}
