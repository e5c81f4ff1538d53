import type { UndirectedAdjacency } from './order';

/** What a contraction order costs, read off the chordal fill it makes. */
export interface EliminationStats {
  /** Arcs of the upward graph: the graph's edges plus the shortcuts the contraction adds. */
  upwardArcs: number;
  /** The largest number of upward arcs of one node. */
  maxUpward: number;
  /** Nodes on the longest path of the elimination tree: the most any elimination-tree query climbs. */
  treeHeight: number;
}

/**
 * Simulates the elimination (each node's neighbours not yet eliminated become a clique) without
 * holding the filled graph: the elimination tree by Liu's algorithm, then, per node, the union of
 * the tree paths up from its lower neighbours (its row subtree), whose nodes are exactly those with
 * an upward arc to it. Time grows with the fill, memory with the nodes only.
 */
export function eliminationStats(adjacency: UndirectedAdjacency, order: Uint32Array): EliminationStats {
  const { nodeCount: n, start, target } = adjacency;
  const rank = new Uint32Array(n);
  for (let i = 0; i < n; i++) rank[order[i]] = i;
  // Elimination tree over ranks: parent[i] is the lowest-ranked node above i it shares an arc with.
  const parent = new Int32Array(n).fill(-1);
  const ancestor = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    const v = order[i];
    for (let e = start[v]; e < start[v + 1]; e++) {
      let r = rank[target[e]];
      if (r >= i) continue;
      while (ancestor[r] !== -1 && ancestor[r] !== i) {
        const t = ancestor[r];
        ancestor[r] = i;
        r = t;
      }
      if (ancestor[r] === -1) {
        ancestor[r] = i;
        parent[r] = i;
      }
    }
  }
  const upward = new Uint32Array(n);
  const mark = new Int32Array(n).fill(-1);
  let upwardArcs = 0;
  for (let i = 0; i < n; i++) {
    const v = order[i];
    mark[i] = i;
    for (let e = start[v]; e < start[v + 1]; e++) {
      for (let r = rank[target[e]]; r < i && mark[r] !== i; r = parent[r]) {
        mark[r] = i;
        upward[r]++;
        upwardArcs++;
      }
    }
  }
  let maxUpward = 0;
  for (let i = 0; i < n; i++) if (upward[i] > maxUpward) maxUpward = upward[i];
  const depth = new Uint32Array(n);
  let treeHeight = 0;
  for (let i = n - 1; i >= 0; i--) {
    depth[i] = parent[i] < 0 ? 1 : depth[parent[i]] + 1;
    if (depth[i] > treeHeight) treeHeight = depth[i];
  }
  return { upwardArcs, maxUpward, treeHeight };
}
