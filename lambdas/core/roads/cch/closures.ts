import { MinHeap } from '../heap';
import { arcHead, arcTime } from '../graph';
import { arcBetween, arcsBetween, decodeHeads, headOf, lowArc } from './heads';
import type { ArcGraph, ContractionHierarchy } from './hierarchy';
import { lowerBound, type HierarchyWeights, type Metric } from './metric';
import type { LowerTriangles } from './triangles';

/**
 * The weights with more edges closed, exactly: `base` (the open weights or those of a subset of
 * the closed edges) with only the arcs that could change recomputed. An arc holding a newly
 * closed road is recomputed from its remaining roads and its lower triangles; when its weight
 * changes, the arcs above it that it forms a triangle with are recomputed in turn, lowest tail
 * first (their own lower arcs are then final), but only where the triangle through it was what
 * made their weight (in float32, as stored): closing only removes ways, so weights only grow, and
 * an arc whose weight came from elsewhere keeps it. Returns base's changed arcs merged with these.
 */
export function closedMetric(
  graph: ArcGraph & { edgeFrom: Uint32Array; edgeTo: Uint32Array },
  h: ContractionHierarchy,
  weights: HierarchyWeights,
  triangles: LowerTriangles,
  base: Metric,
  closedEdges: readonly number[],
  isBlocked: (edge: number) => boolean,
): Metric & { recomputed: number } {
  const { rank, order, upStart } = h;
  const open = h.up;
  // The arcs changed here, by arc: slot into the new weights; a bit an arc says which (and which
  // base changed), so the reads of the millions of unchanged arcs skip the lookups.
  const words = (open.length >>> 5) + 1;
  const changedHere = new Uint32Array(words);
  const inBase = new Uint32Array(words);
  for (let i = 0; i < base.arc.length; i++) inBase[base.arc[i] >>> 5] |= 1 << (base.arc[i] & 31);
  const slot = new Map<number, number>();
  const newUp: number[] = [];
  const newDown: number[] = [];
  const up = (k: number): number => {
    const bit = 1 << (k & 31);
    if ((changedHere[k >>> 5] & bit) !== 0) return newUp[slot.get(k)!];
    if ((inBase[k >>> 5] & bit) !== 0) return base.up[lowerBound(base.arc, k)];
    return open[k];
  };
  const down = (k: number): number => {
    const bit = 1 << (k & 31);
    if ((changedHere[k >>> 5] & bit) !== 0) return newDown[slot.get(k)!];
    if ((inBase[k >>> 5] & bit) !== 0) return base.down[lowerBound(base.arc, k)];
    return weights.openDown(k);
  };
  const heap = new MinHeap(256);
  // Keyed by the arc's tail, so arcs are recomputed lowest first; a Set of queued arcs, as few are.
  const queued = new Set<number>();
  const enqueue = (tail: number, k: number) => {
    if (k < 0 || queued.has(k)) return;
    queued.add(k);
    heap.push(tail, k);
  };
  for (const e of closedEdges) {
    const p = rank[graph.edgeFrom[e]];
    const q = rank[graph.edgeTo[e]];
    if (p !== q) enqueue(Math.min(p, q), arcBetween(h, Math.min(p, q), Math.max(p, q)));
  }
  const heads = new Uint32Array(weights.maxDegree);
  let recomputed = 0;
  while (heap.size > 0) {
    const lo = heap.peekKey();
    const k = heap.pop();
    recomputed++;
    const hi = headOf(h, lo, k);
    let bestUp = roadWeight(graph, order[lo], order[hi], isBlocked);
    let bestDown = roadWeight(graph, order[hi], order[lo], isBlocked);
    // The lower triangles: the ranks below both lo and hi with arcs to both.
    triangles.start(lo, hi);
    for (let z = triangles.next(); z >= 0; z = triangles.next()) {
      const zHi = arcsBetween(h, z, lo, hi);
      const zLo = lowArc;
      const viaUp = down(zLo) + up(zHi);
      if (viaUp < bestUp) bestUp = viaUp;
      const viaDown = down(zHi) + up(zLo);
      if (viaDown < bestDown) bestDown = viaDown;
    }
    bestUp = Math.fround(bestUp);
    bestDown = Math.fround(bestDown);
    const oldUp = up(k);
    const oldDown = down(k);
    if (bestUp === oldUp && bestDown === oldDown) continue;
    changedHere[k >>> 5] |= 1 << (k & 31);
    slot.set(k, newUp.length);
    newUp.push(bestUp);
    newDown.push(bestDown);
    // Triangles where k is a lower side: lo is their lowest node, z another head of lo, and the
    // third arc joins z and hi. It is recomputed where the way through lo made its weight.
    const first = upStart[lo];
    const count = decodeHeads(h, lo, heads);
    for (let j = first; j < first + count; j++) {
      const z = heads[j - first];
      if (z === hi) continue;
      const zToHi = Math.fround(down(j) + oldUp); // z → lo → hi
      const hiToZ = Math.fround(oldDown + up(j)); // hi → lo → z
      if (z < hi) {
        const t = arcBetween(h, z, hi);
        if ((bestUp !== oldUp && zToHi === up(t)) || (bestDown !== oldDown && hiToZ === down(t))) enqueue(z, t);
      } else {
        const t = arcBetween(h, hi, z);
        if ((bestDown !== oldDown && hiToZ === up(t)) || (bestUp !== oldUp && zToHi === down(t))) enqueue(hi, t);
      }
    }
  }
  return { ...merged(base, slot, newUp, newDown), recomputed };
}

/** Base's changed arcs with these (which win where both changed one), ascending. */
function merged(base: Metric, slot: Map<number, number>, newUp: number[], newDown: number[]): Metric {
  const added = [...slot.keys()].sort((a, b) => a - b);
  const count = base.arc.length + added.length - added.filter((k) => base.arc[lowerBound(base.arc, k)] === k).length;
  const arc = new Uint32Array(count);
  const up = new Float32Array(count);
  const down = new Float32Array(count);
  let i = 0;
  let j = 0;
  for (let out = 0; out < count; out++) {
    const fromBase = j >= added.length || (i < base.arc.length && base.arc[i] < added[j]);
    if (fromBase) {
      arc[out] = base.arc[i];
      up[out] = base.up[i];
      down[out] = base.down[i];
      i++;
      continue;
    }
    const k = added[j++];
    if (i < base.arc.length && base.arc[i] === k) i++;
    const s = slot.get(k)!;
    arc[out] = k;
    up[out] = newUp[s];
    down[out] = newDown[s];
  }
  return { arc, up, down };
}

/** The fastest open road straight from node u to node v (Infinity when none). */
export function roadWeight(graph: ArcGraph, u: number, v: number, isBlocked: (edge: number) => boolean): number {
  let best = Infinity;
  for (let a = graph.arcStart[u]; a < graph.arcStart[u + 1]; a++) {
    if (arcHead(graph, a) === v && arcTime(graph, a) < best && !isBlocked(graph.arcEdge[a] >>> 1)) best = arcTime(graph, a);
  }
  return best;
}
