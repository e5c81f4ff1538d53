import { arcHead, arcTime } from '../graph';
import { encodeHeads } from './heads';

/**
 * A customizable contraction hierarchy (Dibbelt, Strasser, Wagner, "Customizable Contraction
 * Hierarchies", 2016). Nodes are numbered by rank (the order they are contracted in); every node
 * keeps its arcs to higher-ranked neighbours, including the shortcuts that contracting the
 * lower nodes adds (the chordal supergraph of the road network). The structure depends on the
 * order only; the weights (travel time up and down each arc) are its "customization".
 *
 * - order[r] is the node of rank r, rank[v] the rank of node v.
 * - Rank r's upward arcs are upStart[r]..upStart[r+1]-1, their heads (ranks) ascending, so a
 *   node's lowest upward neighbour is its parent in the elimination tree. The heads are stored as
 *   runs of consecutive ranks, headBytes[headStart[r]..] (./heads.ts); the build works on them
 *   as a plain array, upHead, a uint32 an arc (PlainTopology).
 * - up[k] is the travel time from arc k's tail to its head (Infinity where there is no way).
 * - The travel time from head to tail is up[k] too, except on the arcs listed in downArc
 *   (ascending), whose weights down are downWeight: most roads are two-way, so only about 7 % of
 *   arcs differ, and a full array down would cost 4 bytes an arc (`metric.ts` reads them).
 */
export interface ContractionHierarchy {
  order: Uint32Array;
  rank: Uint32Array;
  upStart: Uint32Array;
  headStart: Uint32Array;
  headBytes: Uint8Array;
  up: Float32Array;
  downArc: Uint32Array;
  downWeight: Float32Array;
}

/** The upward arcs with every head a uint32 (upHead[k] is arc k's head): what the build customizes. */
export interface PlainTopology {
  order: Uint32Array;
  rank: Uint32Array;
  upStart: Uint32Array;
  upHead: Uint32Array;
}

/** What the hierarchy is built from: the road graph's nodes and directed arcs. */
export interface ArcGraph {
  nodeCount: number;
  arcStart: Uint32Array;
  arcEdge: Uint32Array;
  /** What an arc's head and travel time are read from (arcHead, arcTime). */
  edgeFrom: Uint32Array;
  edgeTo: Uint32Array;
  edgeLength: Float32Array;
  edgeRoadFlags: Uint32Array;
  roadSpeed: Float32Array;
}

export function rankOf(order: Uint32Array): Uint32Array {
  const rank = new Uint32Array(order.length);
  for (let r = 0; r < order.length; r++) rank[order[r]] = r;
  return rank;
}

/**
 * The metric-independent contraction: contracting rank r joins all its higher neighbours to each
 * other. Done as in symbolic Cholesky factorisation: r's higher neighbours other than its lowest
 * one, p, become p's neighbours (p is contracted next among them, and would join them anyway).
 */
export function contract(graph: Pick<ArcGraph, 'nodeCount' | 'arcStart' | 'arcEdge' | 'edgeFrom' | 'edgeTo'>, order: Uint32Array): PlainTopology {
  const n = graph.nodeCount;
  if (order.length !== n) throw new Error(`node order has ${order.length} nodes, the graph ${n}`);
  const rank = rankOf(order);
  const lists: number[][] = Array.from({ length: n }, () => []);
  for (let v = 0; v < n; v++) {
    for (let a = graph.arcStart[v]; a < graph.arcStart[v + 1]; a++) {
      const p = rank[v];
      const q = rank[arcHead(graph, a)];
      if (p < q) lists[p].push(q);
      else if (q < p) lists[q].push(p);
    }
  }
  const upStart = new Uint32Array(n + 1);
  for (let r = 0; r < n; r++) {
    const list = uniqueSorted(lists[r]);
    lists[r] = list;
    upStart[r + 1] = upStart[r] + list.length;
    if (list.length > 1) {
      const parent = lists[list[0]];
      for (let i = 1; i < list.length; i++) parent.push(list[i]);
    }
  }
  const upHead = new Uint32Array(upStart[n]);
  for (let r = 0; r < n; r++) {
    upHead.set(lists[r], upStart[r]);
    lists[r] = [];
  }
  return { order, rank, upStart, upHead };
}

function uniqueSorted(list: number[]): number[] {
  if (list.length < 2) return list;
  if (list.length > 32) {
    // A separator's node high in the order: a typed array sorts numerically without a comparator.
    const sorted = Uint32Array.from(list).sort();
    for (let i = 0; i < sorted.length; i++) list[i] = sorted[i];
  } else {
    // Most lists are a node's few higher neighbours: insertion sort, where a sort with a
    // comparator would cost a call a comparison.
    for (let i = 1; i < list.length; i++) {
      const x = list[i];
      let j = i - 1;
      while (j >= 0 && list[j] > x) {
        list[j + 1] = list[j];
        j--;
      }
      list[j + 1] = x;
    }
  }
  let kept = 1;
  for (let i = 1; i < list.length; i++) if (list[i] !== list[kept - 1]) list[kept++] = list[i];
  list.length = kept;
  return list;
}

/** The arc from rank `low` up to rank `high`, or -1, in the plain heads (ascending: binary search). */
export function plainArcBetween(upStart: Uint32Array, upHead: Uint32Array, low: number, high: number): number {
  let lo = upStart[low];
  let hi = upStart[low + 1];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (upHead[mid] < high) lo = mid + 1;
    else hi = mid;
  }
  return lo < upStart[low + 1] && upHead[lo] === high ? lo : -1;
}

/**
 * Each arc's own weights from the road's arcs between its two nodes (the fastest of parallel
 * edges; none where `isBlocked` says the edge is closed), before any triangle.
 */
export function baseWeights(graph: ArcGraph, h: Pick<PlainTopology, 'rank' | 'upStart' | 'upHead'>, isBlocked?: (edge: number) => boolean): { up: Float32Array; down: Float32Array } {
  const m = h.upHead.length;
  const up = new Float32Array(m).fill(Infinity);
  const down = new Float32Array(m).fill(Infinity);
  for (let v = 0; v < graph.nodeCount; v++) {
    const p = h.rank[v];
    for (let a = graph.arcStart[v]; a < graph.arcStart[v + 1]; a++) {
      const q = h.rank[arcHead(graph, a)];
      if (p === q || (isBlocked && isBlocked(graph.arcEdge[a] >>> 1))) continue;
      const w = arcTime(graph, a);
      if (p < q) {
        const k = plainArcBetween(h.upStart, h.upHead, p, q);
        if (w < up[k]) up[k] = w;
      } else {
        const k = plainArcBetween(h.upStart, h.upHead, q, p);
        if (w < down[k]) down[k] = w;
      }
    }
  }
  return { up, down };
}

/**
 * The basic customization: bottom-up over the ranks, every lower triangle (x below y and z)
 * offers y→x→z and z→x→y to the arc between y and z. Arcs out of x are final when x is reached,
 * as all their own lower triangles have lower nodes still.
 */
export function customize(h: Pick<PlainTopology, 'upStart' | 'upHead'>, up: Float32Array, down: Float32Array): void {
  const { upStart, upHead } = h;
  const n = upStart.length - 1;
  for (let x = 0; x < n; x++) {
    const end = upStart[x + 1];
    for (let i = upStart[x]; i < end; i++) {
      const y = upHead[i];
      const viaUp = down[i]; // y to x
      const viaDown = up[i]; // x to y
      if (viaUp === Infinity && viaDown === Infinity) continue;
      // Heads above y in x's list are all in y's list (the graph is chordal): merge the two.
      let k = upStart[y];
      for (let j = i + 1; j < end; j++) {
        const z = upHead[j];
        while (upHead[k] !== z) k++;
        const toZ = viaUp + up[j];
        if (toZ < up[k]) up[k] = toZ;
        const fromZ = down[j] + viaDown;
        if (fromZ < down[k]) down[k] = fromZ;
      }
    }
  }
}

/** Orders, contracts and customizes on the plain heads, then stores them as runs: the hierarchy of a road graph for travel time. */
export function buildContractionHierarchy(graph: ArcGraph, order: Uint32Array): ContractionHierarchy {
  const topology = contract(graph, order);
  const { up, down } = baseWeights(graph, topology);
  customize(topology, up, down);
  const differ: number[] = [];
  for (let k = 0; k < up.length; k++) if (down[k] !== up[k]) differ.push(k);
  const { headStart, headBytes } = encodeHeads(topology.upStart, topology.upHead);
  const { rank, upStart } = topology;
  return { order, rank, upStart, headStart, headBytes, up, downArc: Uint32Array.from(differ), downWeight: Float32Array.from(differ, (k) => down[k]) };
}

/** The tail (rank) of arc k: the last rank whose arcs start at or before k (binary search). */
export function tailOf(upStart: Uint32Array, k: number): number {
  let lo = 0;
  let hi = upStart.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if (upStart[mid] <= k) lo = mid;
    else hi = mid;
  }
  return lo;
}
