import type { RoadGraph } from '../graph';

/** Pieces this small are not cut further. */
const SMALL_PIECE = 32;

/**
 * A stand-in node order for the contraction hierarchy until the nested dissection by inertial
 * flow (./order.ts) lands: recursive coordinate bisection. A piece is split at the median of its
 * wider axis; the nodes of the smaller side that touch the other side are the separator and come
 * last, after both halves ordered the same way. order[i] is the node contracted i-th.
 */
export function coordinateBisectionOrder(graph: Pick<RoadGraph, 'nodeCount' | 'nodeLng' | 'nodeLat' | 'edgeFrom' | 'edgeTo'>): Uint32Array {
  const n = graph.nodeCount;
  const { start, target } = neighbours(graph);
  const order = new Uint32Array(n);
  const label = new Int32Array(n);
  let labels = 0;
  const kx = Math.cos(((graph.nodeLat[0] ?? 0) * Math.PI) / 180);
  const coordinate = (v: number, axis: number) => (axis === 0 ? graph.nodeLng[v] * kx : graph.nodeLat[v]);

  const place = (nodes: Uint32Array, at: number): void => {
    if (nodes.length <= SMALL_PIECE) {
      // Fewest neighbours first: a cheap minimum-degree order inside a small piece.
      const inside = ++labels;
      for (const v of nodes) label[v] = inside;
      const degree = (v: number) => {
        let d = 0;
        for (let i = start[v]; i < start[v + 1]; i++) if (label[target[i]] === inside) d++;
        return d;
      };
      const sorted = Array.from(nodes).sort((a, b) => degree(a) - degree(b));
      for (let i = 0; i < sorted.length; i++) order[at + i] = sorted[i];
      return;
    }
    let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
    for (const v of nodes) {
      const x = coordinate(v, 0);
      const y = coordinate(v, 1);
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
    const axis = maxX - minX >= maxY - minY ? 0 : 1;
    const sorted = Array.from(nodes).sort((a, b) => coordinate(a, axis) - coordinate(b, axis));
    const half = sorted.length >> 1;
    const left = ++labels;
    const right = ++labels;
    for (let i = 0; i < sorted.length; i++) label[sorted[i]] = i < half ? left : right;
    const boundary = (side: number, other: number) =>
      sorted.filter((v) => {
        if (label[v] !== side) return false;
        for (let i = start[v]; i < start[v + 1]; i++) if (label[target[i]] === other) return true;
        return false;
      });
    const fromLeft = boundary(left, right);
    const fromRight = boundary(right, left);
    const separator = fromLeft.length <= fromRight.length ? fromLeft : fromRight;
    const cut = ++labels;
    for (const v of separator) label[v] = cut;
    const leftNodes = Uint32Array.from(sorted.filter((v) => label[v] === left));
    const rightNodes = Uint32Array.from(sorted.filter((v) => label[v] === right));
    place(leftNodes, at);
    place(rightNodes, at + leftNodes.length);
    const end = at + leftNodes.length + rightNodes.length;
    for (let i = 0; i < separator.length; i++) order[end + i] = separator[i];
  };
  place(Uint32Array.from({ length: n }, (_, v) => v), 0);
  return order;
}

/** Undirected neighbours in CSR form (repeats and loops left in: harmless here). */
function neighbours(graph: Pick<RoadGraph, 'nodeCount' | 'edgeFrom' | 'edgeTo'>): { start: Uint32Array; target: Uint32Array } {
  const n = graph.nodeCount;
  const start = new Uint32Array(n + 1);
  for (let e = 0; e < graph.edgeFrom.length; e++) {
    start[graph.edgeFrom[e] + 1]++;
    start[graph.edgeTo[e] + 1]++;
  }
  for (let v = 0; v < n; v++) start[v + 1] += start[v];
  const fill = start.slice(0, n);
  const target = new Uint32Array(start[n]);
  for (let e = 0; e < graph.edgeFrom.length; e++) {
    target[fill[graph.edgeFrom[e]]++] = graph.edgeTo[e];
    target[fill[graph.edgeTo[e]]++] = graph.edgeFrom[e];
  }
  return { start, target };
}
