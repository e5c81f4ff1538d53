import { MinHeap } from '../heap';
import { arcHead, arcTime } from '../graph';
import { arcBetween, type ArcGraph, type ContractionHierarchy } from './hierarchy';
import type { LowerTriangles } from './triangles';

/**
 * The hierarchy's weights with some edges closed, exactly: a copy of the open weights where only
 * the arcs that could change are recomputed. An arc holding a closed road is recomputed from its
 * remaining roads and its lower triangles; when its weight changes, the arcs it forms an upper
 * side of a triangle with are recomputed in turn, lowest tail first (their own lower arcs are then
 * final). Closing only removes ways, so weights only grow, and an arc that keeps its weight
 * changes nothing above it.
 */
export function closedWeights(
  graph: ArcGraph & { edgeFrom: Uint32Array; edgeTo: Uint32Array },
  h: ContractionHierarchy,
  triangles: LowerTriangles,
  closedEdges: readonly number[],
  isBlocked: (edge: number) => boolean,
): { up: Float32Array; down: Float32Array; recomputed: number } {
  const up = h.up.slice();
  const down = h.down.slice();
  const { rank, order, upStart, upHead } = h;
  const tail = triangles.tail;
  const heap = new MinHeap(256);
  // One flag an arc (a Set's add and delete cost more at the thousands of arcs a closure can touch).
  const queued = new Uint8Array(up.length);
  const enqueue = (k: number) => {
    if (k < 0 || queued[k] === 1) return;
    queued[k] = 1;
    heap.push(tail[k], k);
  };
  for (const e of closedEdges) {
    const p = rank[graph.edgeFrom[e]];
    const q = rank[graph.edgeTo[e]];
    if (p !== q) enqueue(arcBetween(upStart, upHead, Math.min(p, q), Math.max(p, q)));
  }
  let recomputed = 0;
  while (heap.size > 0) {
    const k = heap.pop();
    queued[k] = 0;
    recomputed++;
    const lo = tail[k];
    const hi = upHead[k];
    let bestUp = roadWeight(graph, order[lo], order[hi], isBlocked);
    let bestDown = roadWeight(graph, order[hi], order[lo], isBlocked);
    triangles.each(lo, hi, (zLo, zHi) => {
      const viaUp = down[zLo] + up[zHi];
      if (viaUp < bestUp) bestUp = viaUp;
      const viaDown = down[zHi] + up[zLo];
      if (viaDown < bestDown) bestDown = viaDown;
    });
    const before = [up[k], down[k]];
    up[k] = bestUp;
    down[k] = bestDown;
    if (up[k] === before[0] && down[k] === before[1]) continue;
    // Triangles where k is the lower side: lo is their lowest node, the third node another head of lo.
    for (let j = upStart[lo]; j < upStart[lo + 1]; j++) {
      const z = upHead[j];
      if (z === hi) continue;
      enqueue(z < hi ? arcBetween(upStart, upHead, z, hi) : arcBetween(upStart, upHead, hi, z));
    }
  }
  return { up, down, recomputed };
}

/** The fastest open road straight from node u to node v (Infinity when none). */
export function roadWeight(graph: ArcGraph, u: number, v: number, isBlocked: (edge: number) => boolean): number {
  let best = Infinity;
  for (let a = graph.arcStart[u]; a < graph.arcStart[u + 1]; a++) {
    if (arcHead(graph, a) === v && arcTime(graph, a) < best && !isBlocked(graph.arcEdge[a] >>> 1)) best = arcTime(graph, a);
  }
  return best;
}
