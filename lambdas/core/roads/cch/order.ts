import { arcHead, nodeLat, nodeLng, type RoadGraph } from '../graph';

/**
 * The metric-independent node order of the customizable contraction hierarchy, by nested
 * dissection with inertial flow (Schild & Sommer, "On Balanced Separators in Road Networks", 2015).
 *
 * A piece of the network is cut in two by a small set of nodes (a separator); its nodes are
 * contracted last, after both halves, each ordered the same way. Shortcuts then only join nodes of
 * one piece to the separators around it, so few are made and the elimination tree is shallow.
 *
 * To cut a piece, its nodes are projected on four directions (0°, 45°, 90°, 135°); for each, the
 * first quarter is a source and the last quarter a sink, and a unit-capacity max flow (Dinic, on
 * the node-split graph, so the cut is a set of nodes) finds the fewest nodes that part them. The
 * cut of the four with the lowest size / √(smaller side's share) wins: each side keeps at least a
 * quarter, and of two cuts nearly as small the more even one. A piece that falls apart into
 * several components is ordered one component after another; pieces of at most SMALL_PIECE nodes
 * are ordered by minimum degree, which makes fewer shortcuts there than cutting them further.
 *
 * Everything is in typed arrays sized by the graph, reused by every piece.
 */

/** Pieces this small are ordered by minimum degree instead of being cut further. */
const SMALL_PIECE = 200;
/** Share of a piece's nodes, at each end of a direction, that form the source and the sink. */
const END_SHARE = 0.25;
const DIRECTIONS = [0, 45, 90, 135].map((degrees) => (degrees * Math.PI) / 180);

/** The graph as a simple undirected graph in CSR form: no self loops, no repeated neighbours. */
export interface UndirectedAdjacency {
  nodeCount: number;
  /** Node v's neighbours are target[start[v]..start[v+1]-1], ascending. */
  start: Uint32Array;
  target: Uint32Array;
}

/** Symmetrizes the graph's arcs (a one-way edge may have one arc only) and drops loops and repeats. */
export function undirectedAdjacency(graph: Pick<RoadGraph, 'nodeCount' | 'arcStart' | 'arcEdge' | 'edgeFrom' | 'edgeTo'>): UndirectedAdjacency {
  const n = graph.nodeCount;
  const from = new Uint32Array(graph.arcEdge.length);
  for (let v = 0; v < n; v++) from.fill(v, graph.arcStart[v], graph.arcStart[v + 1]);
  const to = new Uint32Array(from.length);
  for (let a = 0; a < to.length; a++) to[a] = arcHead(graph, a);
  return adjacencyOfEdges(n, from, to, from.length);
}

/** The simple undirected graph of the first `count` edges a[i]–b[i] (either direction, repeats and loops allowed). */
function adjacencyOfEdges(n: number, a: Uint32Array, b: Uint32Array, count: number): UndirectedAdjacency {
  const degree = new Uint32Array(n + 1);
  for (let i = 0; i < count; i++) {
    if (a[i] === b[i]) continue;
    degree[a[i]]++;
    degree[b[i]]++;
  }
  const fill = new Uint32Array(n + 1);
  for (let v = 0; v < n; v++) fill[v + 1] = fill[v] + degree[v];
  const raw = new Uint32Array(fill[n]);
  const next = fill.slice(0, n);
  for (let i = 0; i < count; i++) {
    const v = a[i];
    const w = b[i];
    if (v === w) continue;
    raw[next[v]++] = w;
    raw[next[w]++] = v;
  }
  // Sort each node's few neighbours (insertion sort) and keep each once.
  const start = new Uint32Array(n + 1);
  let out = 0;
  for (let v = 0; v < n; v++) {
    const from = fill[v];
    const to = fill[v + 1];
    for (let i = from + 1; i < to; i++) {
      const x = raw[i];
      let j = i - 1;
      while (j >= from && raw[j] > x) {
        raw[j + 1] = raw[j];
        j--;
      }
      raw[j + 1] = x;
    }
    start[v] = out;
    for (let i = from; i < to; i++) if (i === from || raw[i] !== raw[i - 1]) raw[out++] = raw[i];
  }
  start[n] = out;
  return { nodeCount: n, start, target: raw.slice(0, out) };
}

/**
 * Nested-dissection contraction order: order[i] is the node contracted i-th (least important first;
 * the top separator's nodes come last). A permutation of 0..graph.nodeCount-1. Deterministic.
 *
 * Trees hanging off the network (dead ends, and whole components that are trees) come first,
 * leaves first: each such node has one higher neighbour, so they add no shortcut. Chains of
 * degree-2 nodes come next, each halved recursively (its middle node last), so each chain node has
 * two higher neighbours, the chain's ends. Nested dissection then orders the core that remains,
 * where each chain is one edge between its ends: a smaller graph to cut, and the same cuts.
 */
export function nestedDissectionOrder(graph: RoadGraph): Uint32Array {
  return nestedDissection(graph).order;
}

/** One cut of nested dissection: its depth (0 the top), the nodes of the piece cut and of its separator. */
export interface Cut {
  depth: number;
  nodes: number;
  separator: number;
}

/** Cuts this deep or deeper are not reported. */
const REPORTED_DEPTH = 4;

/** The order, with the size of the core that nested dissection cut and its top cuts (for the bench). */
export function nestedDissection(graph: RoadGraph): { order: Uint32Array; coreNodes: number; cuts: Cut[] } {
  const n = graph.nodeCount;
  const adjacency = undirectedAdjacency(graph);
  const { start, target } = adjacency;
  const order = new Uint32Array(n);
  let placed = 0;

  // The 1-shell: nodes of degree one, again and again.
  const degree = new Int32Array(n);
  const peeled = new Uint8Array(n);
  const queue = new Uint32Array(n);
  let tail = 0;
  for (let v = 0; v < n; v++) {
    degree[v] = start[v + 1] - start[v];
    if (degree[v] <= 1) queue[tail++] = v;
  }
  for (let head = 0; head < tail; head++) {
    const v = queue[head];
    peeled[v] = 1;
    order[placed++] = v;
    for (let e = start[v]; e < start[v + 1]; e++) {
      const w = target[e];
      if (!peeled[w] && --degree[w] === 1) queue[tail++] = w;
    }
  }

  // Chains of degree-2 nodes between core nodes (degree 3 or more; on a ring of degree-2 nodes
  // alone, its lowest-numbered node). Each chain becomes one core edge between its ends.
  const coreId = new Int32Array(n).fill(-1);
  const inChain = new Uint8Array(n);
  let coreCount = 0;
  for (let v = 0; v < n; v++) if (!peeled[v] && degree[v] >= 3) coreId[v] = coreCount++;
  const edgeA = new Uint32Array(adjacency.target.length);
  const edgeB = new Uint32Array(adjacency.target.length);
  let edges = 0;
  const chain = queue; // The peel's queue is done with.
  const walkChainsFrom = (u: number) => {
    for (let e = start[u]; e < start[u + 1]; e++) {
      let w = target[e];
      if (peeled[w]) continue;
      if (coreId[w] >= 0) {
        if (u < w) {
          edgeA[edges] = coreId[u];
          edgeB[edges++] = coreId[w];
        }
        continue;
      }
      if (inChain[w]) continue;
      let length = 0;
      let previous = u;
      while (coreId[w] < 0) {
        inChain[w] = 1;
        chain[length++] = w;
        let after = w;
        for (let f = start[w]; f < start[w + 1]; f++) {
          const x = target[f];
          if (!peeled[x] && x !== previous) after = x;
        }
        previous = w;
        w = after;
      }
      placed = placeHalving(chain, 0, length - 1, order, placed);
      edgeA[edges] = coreId[u];
      edgeB[edges++] = coreId[w];
    }
  };
  for (let v = 0; v < n; v++) if (coreId[v] >= 0) walkChainsFrom(v);
  for (let v = 0; v < n; v++) {
    if (peeled[v] || coreId[v] >= 0 || inChain[v]) continue;
    coreId[v] = coreCount++;
    walkChainsFrom(v);
  }

  // Nested dissection of the core.
  const coreNode = new Uint32Array(coreCount);
  for (let v = 0; v < n; v++) if (coreId[v] >= 0) coreNode[coreId[v]] = v;
  const coreX = new Float64Array(coreCount);
  const coreY = new Float64Array(coreCount);
  let latSum = 0;
  for (let v = 0; v < n; v++) latSum += nodeLat(graph, v);
  const cosLat = Math.cos(((n > 0 ? latSum / n : 0) * Math.PI) / 180);
  for (let c = 0; c < coreCount; c++) {
    coreX[c] = nodeLng(graph, coreNode[c]) * cosLat;
    coreY[c] = nodeLat(graph, coreNode[c]);
  }
  const dissection = new NestedDissection(adjacencyOfEdges(coreCount, edgeA, edgeB, edges), coreX, coreY);
  const coreOrder = dissection.order();
  for (let i = 0; i < coreCount; i++) order[placed++] = coreNode[coreOrder[i]];
  return { order, coreNodes: coreCount, cuts: dissection.cuts };
}

/** Places chain[lo..hi] so that each run's middle node comes after both its halves. */
function placeHalving(chain: Uint32Array, lo: number, hi: number, order: Uint32Array, placed: number): number {
  if (lo > hi) return placed;
  const middle = (lo + hi) >> 1;
  placed = placeHalving(chain, lo, middle - 1, order, placed);
  placed = placeHalving(chain, middle + 1, hi, order, placed);
  order[placed] = chain[middle];
  return placed + 1;
}

// Roles of a node in the piece being cut (the `side` array).
const OUTSIDE = 0;
const SOURCE = 1;
const SINK = 2;
const MIDDLE = 3;
// What the best cut so far made of a node (the `label` array).
const LOW_SIDE = 1;
const HIGH_SIDE = 2;
const SEPARATOR = 3;

class NestedDissection {
  private readonly n: number;
  private readonly start: Uint32Array;
  private readonly target: Uint32Array;
  /** For each neighbour entry v→w, the index of the entry w→v. */
  private readonly twin: Uint32Array;
  private readonly x: Float64Array;
  private readonly y: Float64Array;

  /** The nodes, arranged so that each piece is a contiguous run; finally the order itself. */
  private readonly work: Uint32Array;
  private readonly scratch: Uint32Array;
  /** Which piece a node belongs to, by the piece's serial number (the node's neighbours in it share it). */
  private readonly piece: Int32Array;
  private serial = 0;

  private readonly side: Uint8Array;
  private label: Uint8Array;
  /** The cut being weighed against `label`. */
  private candidate: Uint8Array;
  private readonly projection: Float64Array;
  private readonly values: Float64Array;
  // Max flow on the node-split graph: residual node 2v is v's entry, 2v+1 its exit.
  private readonly level: Int32Array;
  private readonly arcCursor: Uint32Array;
  private readonly queue: Uint32Array;
  private readonly through: Uint8Array;
  private readonly flow: Int8Array;
  private readonly touchesSink: Uint8Array;
  private readonly frontier: Uint32Array;
  /** The middle nodes of the piece being cut: the only ones the flow touches. */
  private readonly middle: Uint32Array;

  /** Pending pieces as (begin, end, known to be connected, depth) quadruples. */
  private stack: number[] = [];
  readonly cuts: Cut[] = [];

  // Minimum degree for small pieces: a dense adjacency matrix over the piece's local indices.
  private readonly matrix = new Uint8Array(SMALL_PIECE * SMALL_PIECE);
  private readonly localDegree = new Int32Array(SMALL_PIECE);
  private readonly localIndex: Int32Array;

  /** x and y are the nodes' coordinates in any units of equal length both ways. */
  constructor(adjacency: UndirectedAdjacency, x: Float64Array, y: Float64Array) {
    const n = (this.n = adjacency.nodeCount);
    this.start = adjacency.start;
    this.target = adjacency.target;
    this.twin = twins(adjacency);
    this.x = x;
    this.y = y;
    this.work = new Uint32Array(n);
    for (let v = 0; v < n; v++) this.work[v] = v;
    this.scratch = new Uint32Array(n);
    this.piece = new Int32Array(n).fill(-1);
    this.side = new Uint8Array(n);
    this.label = new Uint8Array(n);
    this.candidate = new Uint8Array(n);
    this.projection = new Float64Array(n);
    this.values = new Float64Array(n);
    this.level = new Int32Array(2 * n);
    this.arcCursor = new Uint32Array(2 * n);
    this.queue = new Uint32Array(2 * n);
    this.through = new Uint8Array(n);
    this.flow = new Int8Array(this.target.length);
    this.touchesSink = new Uint8Array(n);
    this.frontier = new Uint32Array(n);
    this.middle = new Uint32Array(n);
    this.localIndex = new Int32Array(n).fill(-1);
  }

  order(): Uint32Array {
    if (this.n > 0) this.stack.push(0, this.n, 0, 0);
    while (this.stack.length > 0) {
      const depth = this.stack.pop()!;
      const connected = this.stack.pop()!;
      const end = this.stack.pop()!;
      const begin = this.stack.pop()!;
      this.dissect(begin, end, connected === 1, depth);
    }
    return this.work;
  }

  /** Orders work[begin..end) into the order's positions begin..end-1. */
  private dissect(begin: number, end: number, connected: boolean, depth: number): void {
    const size = end - begin;
    if (size <= 1) return;
    const serial = ++this.serial;
    for (let i = begin; i < end; i++) this.piece[this.work[i]] = serial;
    if (!connected && this.splitComponents(begin, end, serial, depth)) return;
    if (size <= SMALL_PIECE) {
      this.minimumDegree(begin, end, serial);
      return;
    }
    let best = Infinity;
    for (const angle of DIRECTIONS) {
      const score = this.cutAlong(begin, end, Math.cos(angle), Math.sin(angle), best);
      if (score < best) best = score;
    }
    if (best === Infinity) this.cutByMedian(begin, end, serial);
    // Arrange the piece as [low side | high side | separator]; the separator keeps the top positions.
    let low = begin;
    for (let i = begin; i < end; i++) if (this.label[this.work[i]] === LOW_SIDE) this.scratch[low++] = this.work[i];
    let high = low;
    for (let i = begin; i < end; i++) if (this.label[this.work[i]] === HIGH_SIDE) this.scratch[high++] = this.work[i];
    let top = high;
    for (let i = begin; i < end; i++) if (this.label[this.work[i]] === SEPARATOR) this.scratch[top++] = this.work[i];
    this.work.set(this.scratch.subarray(begin, end), begin);
    // Cut pieces may fall apart; each side is checked for components when it is taken up.
    if (depth < REPORTED_DEPTH) this.cuts.push({ depth, nodes: size, separator: end - high });
    this.stack.push(begin, low, 0, depth + 1, low, high, 0, depth + 1);
  }

  /**
   * Arranges a piece that is not connected component after component and queues each, known to be
   * connected. False (and nothing changed) when the piece is one component.
   */
  private splitComponents(begin: number, end: number, serial: number, depth: number): boolean {
    const { work, scratch, piece, start, target, side } = this;
    let filled = begin;
    const bounds: number[] = [];
    for (let i = begin; i < end; i++) {
      const root = work[i];
      if (side[root] !== OUTSIDE) continue;
      const from = filled;
      side[root] = MIDDLE;
      scratch[filled++] = root;
      for (let head = from; head < filled; head++) {
        const v = scratch[head];
        for (let e = start[v]; e < start[v + 1]; e++) {
          const w = target[e];
          if (piece[w] === serial && side[w] === OUTSIDE) {
            side[w] = MIDDLE;
            scratch[filled++] = w;
          }
        }
      }
      if (from === begin && filled === end) {
        for (let j = begin; j < end; j++) side[work[j]] = OUTSIDE;
        return false;
      }
      bounds.push(from, filled);
    }
    for (let j = begin; j < end; j++) side[scratch[j]] = OUTSIDE;
    work.set(scratch.subarray(begin, end), begin);
    for (let k = 0; k < bounds.length; k += 2) this.stack.push(bounds[k], bounds[k + 1], 1, depth);
    return true;
  }

  /**
   * Inertial flow along one direction: the fewest nodes parting the first quarter of the piece
   * from the last. Returns the cut's score, its size / √(smaller side's share of the piece), so a
   * cut a little larger but more even can win; when lower than `best`, the cut is recorded in
   * `label`. Infinity when the two quarters touch (no node cut parts them) or the cut is no better.
   */
  private cutAlong(begin: number, end: number, cos: number, sin: number, best: number): number {
    const { work, start, target, side, projection, values, x, y } = this;
    const size = end - begin;
    for (let i = begin; i < end; i++) {
      const v = work[i];
      projection[v] = x[v] * cos + y[v] * sin;
      values[i - begin] = projection[v];
    }
    const ends = Math.max(1, Math.floor(size * END_SHARE));
    const lowLimit = select(values, 0, size - 1, ends - 1);
    // The selection left the values above position ends - 1 at or above it: look there only.
    const highLimit = select(values, ends, size - 1, size - ends);
    if (!(lowLimit < highLimit)) return Infinity;
    for (let i = begin; i < end; i++) {
      const v = work[i];
      side[v] = projection[v] <= lowLimit ? SOURCE : projection[v] >= highLimit ? SINK : MIDDLE;
    }
    // The middle nodes next to the source start the search; those next to the sink end it.
    let frontierSize = 0;
    let middleSize = 0;
    let touching = false;
    for (let i = begin; i < end && !touching; i++) {
      const v = work[i];
      const role = side[v];
      this.touchesSink[v] = 0;
      if (role === MIDDLE) this.middle[middleSize++] = v;
      else {
        if (role === SOURCE) {
          for (let e = start[v]; e < start[v + 1]; e++) if (side[target[e]] === SINK) touching = true;
        }
        continue;
      }
      let nearSource = false;
      for (let e = start[v]; e < start[v + 1]; e++) {
        const w = target[e];
        if (side[w] === SOURCE) nearSource = true;
        else if (side[w] === SINK) this.touchesSink[v] = 1;
      }
      if (nearSource) this.frontier[frontierSize++] = v;
    }
    let result = Infinity;
    if (!touching) {
      // The score is at least the cut's size / √½, so a flow that reaches this cannot win.
      const value = this.maxFlow(middleSize, frontierSize, best * Math.SQRT1_2);
      if (value < best * Math.SQRT1_2) {
        const smaller = this.recordCut(begin, end);
        const score = value / Math.sqrt(smaller / size);
        if (score < best) {
          result = score;
          [this.label, this.candidate] = [this.candidate, this.label];
        }
      }
    }
    for (let i = begin; i < end; i++) side[work[i]] = OUTSIDE;
    return result;
  }

  /**
   * Dinic's max flow from the source quarter to the sink quarter, every middle node of capacity 1.
   * Stops early once the flow reaches `limit`. Leaves `level` >= 0 on the residual nodes the
   * source still reaches, from which recordCut reads the cut.
   */
  private maxFlow(middleSize: number, frontierSize: number, limit: number): number {
    const { middle, start, target, side, level, arcCursor, queue, through, flow, touchesSink, frontier } = this;
    for (let i = 0; i < middleSize; i++) {
      const v = middle[i];
      through[v] = 0;
      for (let e = start[v]; e < start[v + 1]; e++) flow[e] = 0;
    }
    let value = 0;
    for (;;) {
      // Breadth first: the level of each residual node, up to the sink's.
      for (let i = 0; i < middleSize; i++) {
        const v = middle[i];
        level[2 * v] = -1;
        level[2 * v + 1] = -1;
      }
      let tail = 0;
      for (let i = 0; i < frontierSize; i++) {
        const r = 2 * frontier[i];
        level[r] = 1;
        queue[tail++] = r;
      }
      let sinkLevel = 0x7fffffff;
      for (let head = 0; head < tail; head++) {
        const r = queue[head];
        const next = level[r] + 1;
        if (next >= sinkLevel) continue;
        const v = r >> 1;
        if (r & 1) {
          if (touchesSink[v]) {
            sinkLevel = next;
            continue;
          }
          if (through[v] && level[r - 1] < 0) {
            level[r - 1] = next;
            queue[tail++] = r - 1;
          }
          for (let e = start[v]; e < start[v + 1]; e++) {
            const w = target[e];
            if (side[w] === MIDDLE && level[2 * w] < 0) {
              level[2 * w] = next;
              queue[tail++] = 2 * w;
            }
          }
        } else if (!through[v]) {
          if (level[r + 1] < 0) {
            level[r + 1] = next;
            queue[tail++] = r + 1;
          }
        } else {
          for (let e = start[v]; e < start[v + 1]; e++) {
            const w = target[e];
            if (flow[e] < 0 && level[2 * w + 1] < 0) {
              level[2 * w + 1] = next;
              queue[tail++] = 2 * w + 1;
            }
          }
        }
      }
      if (sinkLevel === 0x7fffffff) return value;
      // Depth first along rising levels: a blocking flow.
      for (let i = 0; i < middleSize; i++) {
        const v = middle[i];
        arcCursor[2 * v] = 0;
        arcCursor[2 * v + 1] = 0;
      }
      for (let f = 0; f < frontierSize; f++) {
        const root = 2 * frontier[f];
        if (level[root] !== 1) continue;
        while (this.augmentFrom(root, sinkLevel)) {
          value++;
          if (value >= limit) return value;
        }
      }
    }
  }

  /** One augmenting path from a residual node next to the source, along the level graph. */
  private augmentFrom(root: number, sinkLevel: number): boolean {
    const { start, target, side, level, arcCursor, queue: path, through, flow, twin, touchesSink } = this;
    let depth = 0;
    path[depth++] = root;
    while (depth > 0) {
      const r = path[depth - 1];
      const v = r >> 1;
      const next = level[r] + 1;
      if (r & 1 && touchesSink[v] && next === sinkLevel) {
        // Push one unit along the path.
        for (let i = 0; i + 1 < depth; i++) {
          const a = path[i];
          const u = a >> 1;
          if (path[i + 1] >> 1 === u) through[u] = a & 1 ? 0 : 1;
          else {
            const e = start[u] + arcCursor[a] - 1;
            flow[e]++;
            flow[twin[e]]--;
          }
        }
        return true;
      }
      // Arc 0 is the node's own split arc; arc k >= 1 goes to its (k-1)-th neighbour.
      const degree = start[v + 1] - start[v];
      let k = arcCursor[r];
      let found = -1;
      for (; k <= degree; k++) {
        let candidate = -1;
        if (k === 0) {
          if (r & 1 ? through[v] : !through[v]) candidate = r ^ 1;
        } else {
          const e = start[v] + k - 1;
          const w = target[e];
          if (side[w] === MIDDLE) {
            if (r & 1) candidate = 2 * w;
            else if (through[v] && flow[e] < 0) candidate = 2 * w + 1;
          }
        }
        if (candidate >= 0 && level[candidate] === next) {
          found = candidate;
          break;
        }
      }
      arcCursor[r] = k;
      if (found >= 0) path[depth++] = found;
      else {
        level[r] = -1;
        depth--;
        if (depth > 0) arcCursor[path[depth - 1]]++;
      }
    }
    return false;
  }

  /** The cut the last flow left: nodes whose exit the source reaches, nodes whose entry only, the rest. */
  private recordCut(begin: number, end: number): number {
    const { work, side, level, candidate: label } = this;
    let low = 0;
    let high = 0;
    for (let i = begin; i < end; i++) {
      const v = work[i];
      const role = side[v];
      let made = HIGH_SIDE;
      if (role === SOURCE) made = LOW_SIDE;
      else if (role === SINK) made = HIGH_SIDE;
      else if (level[2 * v + 1] >= 0) made = LOW_SIDE;
      else if (level[2 * v] >= 0) made = SEPARATOR;
      label[v] = made;
      if (made === LOW_SIDE) low++;
      else if (made === HIGH_SIDE) high++;
    }
    return Math.min(low, high);
  }

  /**
   * The fallback when every direction's quarters touch: halves by longitude, and the nodes of the
   * lower half that touch the upper half as the separator.
   */
  private cutByMedian(begin: number, end: number, serial: number): void {
    const { work, start, target, values, x, label, piece } = this;
    const size = end - begin;
    for (let i = begin; i < end; i++) values[i - begin] = x[work[i]];
    const median = select(values, 0, size - 1, (size - 1) >> 1);
    let split = false;
    for (let i = begin; i < end && !split; i++) split = x[work[i]] > median;
    // Nodes all at one longitude (no real network, but no reason to loop) are halved as listed.
    for (let i = begin; i < end; i++) {
      const low = split ? x[work[i]] <= median : i - begin < size >> 1;
      label[work[i]] = low ? LOW_SIDE : HIGH_SIDE;
    }
    for (let i = begin; i < end; i++) {
      const v = work[i];
      if (label[v] !== LOW_SIDE) continue;
      for (let e = start[v]; e < start[v + 1]; e++) {
        const w = target[e];
        if (piece[w] === serial && label[w] === HIGH_SIDE) {
          label[v] = SEPARATOR;
          break;
        }
      }
    }
  }

  /** Orders a small piece by minimum degree, simulating the fill in a dense matrix. */
  private minimumDegree(begin: number, end: number, serial: number): void {
    const { work, start, target, piece, matrix, localDegree, localIndex, scratch } = this;
    const size = end - begin;
    for (let i = 0; i < size; i++) localIndex[work[begin + i]] = i;
    matrix.fill(0, 0, size * SMALL_PIECE);
    for (let i = 0; i < size; i++) {
      const v = work[begin + i];
      let degree = 0;
      for (let e = start[v]; e < start[v + 1]; e++) {
        const w = target[e];
        if (piece[w] !== serial) continue;
        matrix[i * SMALL_PIECE + localIndex[w]] = 1;
        degree++;
      }
      localDegree[i] = degree;
    }
    for (let k = 0; k < size; k++) {
      let pick = -1;
      for (let i = 0; i < size; i++) if (localDegree[i] >= 0 && (pick < 0 || localDegree[i] < localDegree[pick])) pick = i;
      scratch[begin + k] = work[begin + pick];
      localDegree[pick] = -1;
      const row = pick * SMALL_PIECE;
      for (let a = 0; a < size; a++) {
        if (!matrix[row + a] || localDegree[a] < 0) continue;
        matrix[a * SMALL_PIECE + pick] = 0;
        localDegree[a]--;
        for (let b = a + 1; b < size; b++) {
          if (!matrix[row + b] || localDegree[b] < 0 || matrix[a * SMALL_PIECE + b]) continue;
          matrix[a * SMALL_PIECE + b] = 1;
          matrix[b * SMALL_PIECE + a] = 1;
          localDegree[a]++;
          localDegree[b]++;
        }
      }
    }
    for (let i = begin; i < end; i++) localIndex[work[i]] = -1;
    work.set(scratch.subarray(begin, end), begin);
  }
}

/** For each entry v→w of the adjacency, the index of w→v (neighbour lists are sorted). */
function twins({ nodeCount, start, target }: UndirectedAdjacency): Uint32Array {
  const twin = new Uint32Array(target.length);
  for (let v = 0; v < nodeCount; v++) {
    for (let e = start[v]; e < start[v + 1]; e++) {
      const w = target[e];
      let lo = start[w];
      let hi = start[w + 1] - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (target[mid] < v) lo = mid + 1;
        else hi = mid;
      }
      twin[e] = lo;
    }
  }
  return twin;
}

/** The k-th smallest of values[lo..hi] (Hoare's selection; reorders that range). */
function select(values: Float64Array, lo: number, hi: number, k: number): number {
  while (lo < hi) {
    const pivot = values[(lo + hi) >> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i] < pivot) i++;
      while (values[j] > pivot) j--;
      if (i <= j) {
        const t = values[i];
        values[i] = values[j];
        values[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return values[k];
  }
  return values[k];
}
