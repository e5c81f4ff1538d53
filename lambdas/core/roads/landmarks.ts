import { LANDMARK_UNREACHABLE } from './graph';
import { MinHeap } from './heap';

/**
 * Landmarks for ALT (A*, Landmarks, Triangle inequality). For any nodes v, t and landmark L,
 * d(v,t) >= d(L,t) - d(L,v) and d(v,t) >= d(v,L) - d(t,L), so the largest such difference is a
 * lower bound on the remaining travel time. The bound stays valid when closures remove edges,
 * because removing edges can only make true distances longer.
 */
export interface CsrGraph {
  nodeCount: number;
  arcStart: Uint32Array;
  arcTarget: Uint32Array;
  arcWeight: Float32Array;
}

export function dijkstraAll(graph: CsrGraph, source: number, dist: Float64Array, heap = new MinHeap(1024)): Float64Array {
  dist.fill(Infinity);
  heap.clear();
  dist[source] = 0;
  heap.push(0, source);
  while (heap.size > 0) {
    const key = heap.peekKey();
    const v = heap.pop();
    if (key > dist[v]) continue;
    for (let a = graph.arcStart[v]; a < graph.arcStart[v + 1]; a++) {
      const w = graph.arcTarget[a];
      const d = key + graph.arcWeight[a];
      if (d < dist[w]) {
        dist[w] = d;
        heap.push(d, w);
      }
    }
  }
  return dist;
}

export function reverseCsr(graph: CsrGraph): CsrGraph {
  const n = graph.nodeCount;
  const arcCount = graph.arcTarget.length;
  const arcStart = new Uint32Array(n + 1);
  for (let a = 0; a < arcCount; a++) arcStart[graph.arcTarget[a] + 1]++;
  for (let v = 0; v < n; v++) arcStart[v + 1] += arcStart[v];
  const fill = arcStart.slice(0, n);
  const arcTarget = new Uint32Array(arcCount);
  const arcWeight = new Float32Array(arcCount);
  for (let v = 0; v < n; v++) {
    for (let a = graph.arcStart[v]; a < graph.arcStart[v + 1]; a++) {
      const slot = fill[graph.arcTarget[a]]++;
      arcTarget[slot] = v;
      arcWeight[slot] = graph.arcWeight[a];
    }
  }
  return { nodeCount: n, arcStart, arcTarget, arcWeight };
}

/** Weakly connected components, numbered by size: 0 is the largest (ties: the lower root first). */
export function weakComponents(nodeCount: number, edgeFrom: Uint32Array, edgeTo: Uint32Array): Uint32Array {
  const parent = new Int32Array(nodeCount);
  for (let v = 0; v < nodeCount; v++) parent[v] = v;
  const find = (v: number): number => {
    while (parent[v] !== v) {
      parent[v] = parent[parent[v]];
      v = parent[v];
    }
    return v;
  };
  for (let e = 0; e < edgeFrom.length; e++) {
    const a = find(edgeFrom[e]);
    const b = find(edgeTo[e]);
    if (a !== b) parent[a] = b;
  }
  const size = new Int32Array(nodeCount);
  for (let v = 0; v < nodeCount; v++) {
    parent[v] = find(v);
    size[parent[v]]++;
  }
  const roots: number[] = [];
  for (let v = 0; v < nodeCount; v++) if (parent[v] === v) roots.push(v);
  roots.sort((p, q) => size[q] - size[p] || p - q);
  const rank = size; // reused: a root's rank replaces its size once sorted
  roots.forEach((root, i) => {
    rank[root] = i;
  });
  const component = new Uint32Array(nodeCount);
  for (let v = 0; v < nodeCount; v++) component[v] = rank[parent[v]];
  return component;
}

export interface LandmarkTables {
  nodes: Uint32Array;
  from: Float32Array;
  to: Float32Array;
}

/**
 * Picks up to `count` landmarks in the largest component by farthest-point selection (each new
 * landmark is the node farthest from all landmarks chosen so far), which puts them on the
 * periphery where their bounds are tightest, and stores their travel times node-major.
 */
export function buildLandmarks(forward: CsrGraph, component: Uint32Array, count: number, symmetric: boolean): LandmarkTables {
  const n = forward.nodeCount;
  const inMain: number[] = [];
  for (let v = 0; v < n; v++) if (component[v] === 0) inMain.push(v);
  const k = Math.min(count, inMain.length);
  const nodes = new Uint32Array(k);
  const from = new Float32Array(n * k);
  const to = symmetric ? from : new Float32Array(n * k);
  if (k === 0) return { nodes, from, to };

  const backward = symmetric ? forward : reverseCsr(forward);
  const heap = new MinHeap(1024);
  const dist = new Float64Array(n);
  const nearest = new Float64Array(n).fill(Infinity);

  const farthest = (values: Float64Array): number => {
    let best = inMain[0];
    let bestValue = -1;
    for (const v of inMain) {
      const value = values[v];
      if (Number.isFinite(value) && value > bestValue) {
        bestValue = value;
        best = v;
      }
    }
    return best;
  };

  dijkstraAll(forward, inMain[0], dist, heap);
  let next = farthest(dist);
  for (let i = 0; i < k; i++) {
    nodes[i] = next;
    dijkstraAll(forward, next, dist, heap);
    for (let v = 0; v < n; v++) {
      from[v * k + i] = dist[v];
      if (dist[v] < nearest[v]) nearest[v] = dist[v];
    }
    if (!symmetric) {
      dijkstraAll(backward, next, dist, heap);
      for (let v = 0; v < n; v++) to[v * k + i] = dist[v];
    }
    next = farthest(nearest);
  }
  return { nodes, from, to };
}

/**
 * Landmark tables as 16-bit steps of `landmarkUnit` seconds (the largest travel time over 65,534
 * steps), rounded to the nearest step; the search subtracts one step from each bound, so the
 * bounds stay admissible. Half the bytes of float32 tables, and a tenth of a second's error at
 * state scale.
 */
export function quantizeLandmarks(tables: LandmarkTables, symmetric: boolean): { landmarkFrom: Uint16Array; landmarkTo: Uint16Array; landmarkUnit: number } {
  let max = 0;
  for (const table of symmetric ? [tables.from] : [tables.from, tables.to]) {
    for (const value of table) if (Number.isFinite(value) && value > max) max = value;
  }
  const landmarkUnit = Math.max(max / (LANDMARK_UNREACHABLE - 1), 1e-3);
  const quantize = (table: Float32Array) =>
    Uint16Array.from(table, (value) => (Number.isFinite(value) ? Math.round(value / landmarkUnit) : LANDMARK_UNREACHABLE));
  const landmarkFrom = quantize(tables.from);
  return { landmarkFrom, landmarkTo: symmetric ? landmarkFrom : quantize(tables.to), landmarkUnit };
}
