import type { ContractionHierarchy } from './cch/hierarchy';
import type { RoadNames } from './road-names';
import type { StringTable } from './strings';
import { describeRoadClass, ROAD_CLASSES, ROAD_SURFACES, type RoadClass, type RoadSurface } from './classes';
import { lowerBound } from './typed-arrays';

/** Bumped whenever the binary layout or the meaning of a field changes; old files are rebuilt. */
export const ROAD_GRAPH_VERSION = 9;

/** Coordinates are held to 1e-7 degrees (about a centimetre), so the file stores them as integers. */
export const COORDINATE_SCALE = 1e7;

export const quantizeDegrees = (value: number): number => Math.round(value * COORDINATE_SCALE) / COORDINATE_SCALE;

export interface RoadGraphMeta {
  source: string;
  builtAt: string;
  lines: number;
  vertices: number;
  endsJoinedToVertex: number;
  endsInsertedIntoLines: number;
  /** True when no edge is one way. */
  symmetric: boolean;
}

/**
 * A routable road network held in typed arrays.
 *
 * - Nodes are junctions and line ends, at nodeLngE7/nodeLatE7 (integers of 1e-7 degrees); edges
 *   are the road pieces between them. Edge e's shape is the global vertices
 *   edgeVertexStart(e)..edgeVertexStart(e+1)-1 (found in `vertexEdges`): its first is its from
 *   node, its last its to node, and the ones between are held once, in `interiorE7` (lng/lat
 *   interleaved, 1e-7 degrees), where global vertex v of edge e is interior vertex v - 2e - 1
 *   (every edge before it has two ends). Read them with vertexLng/vertexLat or edgeCoordinates
 *   (below); box queries read them inline (forEachSegmentIn in ./cells.ts).
 * - Arcs are the directed uses of edges in CSR form: node v's arcs are arcStart[v]..arcStart[v+1]-1.
 *   arcEdge holds edge * 2 + (1 when the arc runs against the edge's geometry); an arc's head
 *   and travel time are read from its edge (arcHead, arcTime) rather than held a second time.
 * - Roads are the distinct (name, ref, class, speed) of the source lines; roadOfEdge indexes them,
 *   and an edge's duration is its length at its road's speed (durationOfEdge, arcTime).
 * - Components: every node is in the largest (0) but otherNode's (ascending), whose component is
 *   otherComponent's at the same index (componentOf).
 * - cells is a grid over the geometry naming the segments in each cell (./cells.ts).
 * - cch is the contraction hierarchy travel-time routes are searched on (./cch/hierarchy.ts).
 */
export interface RoadGraph {
  meta: RoadGraphMeta;
  nodeCount: number;
  edgeCount: number;
  /** Node coordinates in 1e-7 degrees (views on the graph file when loaded from one). */
  nodeLngE7: Int32Array;
  nodeLatE7: Int32Array;
  /** The nodes outside the largest component, ascending, and their components (componentOf). */
  otherNode: Uint32Array;
  otherComponent: Uint32Array;
  edgeFrom: Uint32Array;
  edgeTo: Uint32Array;
  edgeLength: Float32Array;
  /**
   * Per edge, its road and its flags in one word (edgeRoadAndFlags): bits 8-31 the road
   * (roadOfEdge), bit 0 one way (along the geometry only), bits 1-2 an index into ROAD_SURFACES
   * (0 unknown, 1 sealed, 2 unsealed). A uint32 road and a flag byte were 5 bytes an edge.
   */
  edgeRoadFlags: Uint32Array;
  /** Every edge's interior vertices (not its ends), lng/lat interleaved, in 1e-7 degrees. */
  interiorE7: Int32Array;
  /** Where each edge's shape starts among the global vertices, and which edge a vertex is on (edgeVertexStart, edgeOfVertex). */
  vertexEdges: VertexEdgeIndex;
  arcStart: Uint32Array;
  /** Per arc, edge * 2 + 1 when it runs against the edge's geometry: its head and travel time are its edge's (arcHead, arcTime). */
  arcEdge: Uint32Array;
  /** Each road's name and route number, as indices into `strings` (RoadNames.name, .ref; -1 for none). */
  roadNames: RoadNames;
  roadClass: Uint8Array;
  /** km/h, per road. */
  roadSpeed: Float32Array;
  /** Road names and refs, each once (roadNames indexes it). */
  strings: StringTable;
  cells: EdgeCells;
  /** Null only for graphs built without one (tests of the A* search, which then answers travel time). */
  cch: ContractionHierarchy | null;
}

/**
 * A bitmap of the global vertices that start an edge (and one more bit, at the vertex count, as
 * the start of the edge after the last), and per 32 of them how many start before: the edge of
 * vertex v is the number of starts up to v, less one (edgeOfVertex), and where edge e starts is
 * the position of the e-th bit, found from the word holding every 32nd edge's start
 * (edgeVertexStart). About 1.3 bytes a node, where a uint32 edge per vertex would be 18 and a
 * uint32 start per edge 6.3; a box query needs a segment's edge before it can read the segment's
 * ends, so this is on the hot path of snapping and closure matching.
 */
export interface VertexEdgeIndex {
  startBits: Uint32Array;
  startsBefore: Uint32Array;
  /** The word of startBits holding the start of edge 32k, at k. */
  edgeWord: Uint32Array;
}

/**
 * A uniform grid over the network's geometry: each cell lists the segments whose bounding box
 * meets it, each named by its first vertex (a global vertex index), ascending, as varint gaps
 * (the first from 0) in one byte stream. Most cells of a state are empty (three in four at 1M),
 * so only listing cells have an offset: a bit per cell says whether it lists any, and a count per
 * 32 cells of the listing cells before them gives its index in `listStart` (listing cell i's
 * bytes are segmentBytes[listStart[i]..listStart[i+1]-1]). Stored in the graph file as it is.
 */
export interface EdgeCells {
  minLng: number;
  minLat: number;
  /** Side of a cell in degrees (the same in longitude and latitude). */
  size: number;
  cols: number;
  rows: number;
  /** A bit per cell (row by row), set when the cell lists a segment. */
  listingBits: Uint32Array;
  /** Per 32 cells, how many listing cells come before them. */
  listingBefore: Uint32Array;
  /** Per listing cell, where its segments start in segmentBytes; one more at the end. */
  listStart: Uint32Array;
  segmentBytes: Uint8Array;
}


/** Roads an edge's word can name: 24 bits. */
export const MAX_ROADS = 1 << 24;

/** An edge's word: its road in bits 8-31, its one-way flag and surface in the low byte. */
export function edgeRoadAndFlags(road: number, oneway: boolean, surface: number): number {
  if (road >= MAX_ROADS) throw new Error(`a road graph holds at most ${MAX_ROADS} distinct roads`);
  return ((road << 8) | (oneway ? 1 : 0) | (surface << 1)) >>> 0;
}

export const roadOfEdge = (graph: Pick<RoadGraph, 'edgeRoadFlags'>, edge: number): number => graph.edgeRoadFlags[edge] >>> 8;

export function roadClassOfEdge(graph: RoadGraph, edge: number): RoadClass {
  return ROAD_CLASSES[graph.roadClass[roadOfEdge(graph, edge)]];
}

/**
 * Seconds to drive the whole edge: its length at its road's speed, rounded to float32 (the
 * hierarchy's weights are float32, so a route's cost is the same summed from either). The A*
 * search's inner loop repeats this expression on locals; keep the two alike.
 */
export function durationOfEdge(graph: Pick<RoadGraph, 'edgeLength' | 'edgeRoadFlags' | 'roadSpeed'>, edge: number): number {
  return Math.fround(graph.edgeLength[edge] / (graph.roadSpeed[graph.edgeRoadFlags[edge] >>> 8] / 3.6));
}

/** The node arc `a` leads to: its edge's to node, or its from node when the arc runs against the geometry. */
export function arcHead(graph: Pick<RoadGraph, 'arcEdge' | 'edgeFrom' | 'edgeTo'>, a: number): number {
  const code = graph.arcEdge[a];
  return code & 1 ? graph.edgeFrom[code >>> 1] : graph.edgeTo[code >>> 1];
}

/** Seconds to drive arc `a`: its edge's duration. */
export function arcTime(graph: Pick<RoadGraph, 'arcEdge' | 'edgeLength' | 'edgeRoadFlags' | 'roadSpeed'>, a: number): number {
  return durationOfEdge(graph, graph.arcEdge[a] >>> 1);
}

/** Whether the edge may be travelled along its geometry only. */
export const isOneWay = (graph: Pick<RoadGraph, 'edgeRoadFlags'>, edge: number): boolean => (graph.edgeRoadFlags[edge] & 1) === 1;

/** The edge's index into ROAD_SURFACES. */
export const surfaceIndexOfEdge = (graph: Pick<RoadGraph, 'edgeRoadFlags'>, edge: number): number => (graph.edgeRoadFlags[edge] >>> 1) & 3;

export function surfaceOfEdge(graph: RoadGraph, edge: number): RoadSurface {
  return ROAD_SURFACES[surfaceIndexOfEdge(graph, edge)] ?? 'unknown';
}

export const isUnsealedEdge = (graph: RoadGraph, edge: number): boolean => surfaceIndexOfEdge(graph, edge) === 2;

/** The node's weakly connected component: 0 is the largest, and most nodes are in it. */
export function componentOf(graph: Pick<RoadGraph, 'otherNode' | 'otherComponent'>, node: number): number {
  const others = graph.otherNode;
  const lo = lowerBound(others, node);
  return lo < others.length && others[lo] === node ? graph.otherComponent[lo] : 0;
}

export function roadNameOfEdge(graph: RoadGraph, edge: number): string | null {
  const index = graph.roadNames.name(roadOfEdge(graph, edge));
  return index >= 0 ? graph.strings.at(index) : null;
}

export function roadRefOfEdge(graph: RoadGraph, edge: number): string | null {
  const index = graph.roadNames.ref(roadOfEdge(graph, edge));
  return index >= 0 ? graph.strings.at(index) : null;
}

/** What to call a road in instructions: its name, else its route number, else its class. */
export function roadLabel(graph: RoadGraph, edge: number): string {
  return roadNameOfEdge(graph, edge) ?? roadRefOfEdge(graph, edge) ?? describeRoadClass(roadClassOfEdge(graph, edge));
}

// The shape readers below divide by a module constant, not an imported one: run from source
// (tsx), an imported binding is a getter call on every read. Dividing (not multiplying by 1e-7)
// gives the same doubles the builder rounds to.
const SCALE = COORDINATE_SCALE;

export const nodeLng = (graph: RoadGraph, node: number): number => graph.nodeLngE7[node] / SCALE;
export const nodeLat = (graph: RoadGraph, node: number): number => graph.nodeLatE7[node] / SCALE;

/** Whether global vertex v is the first of its edge (v at the vertex count: the end of the last). */
export const startsEdge = (index: VertexEdgeIndex, v: number): boolean => ((index.startBits[v >>> 5] >>> (v & 31)) & 1) === 1;

/** Longitude in degrees of global vertex v of `edge` (its ends are its nodes). */
export function vertexLng(graph: RoadGraph, edge: number, v: number): number {
  if (startsEdge(graph.vertexEdges, v)) return graph.nodeLngE7[graph.edgeFrom[edge]] / SCALE;
  if (startsEdge(graph.vertexEdges, v + 1)) return graph.nodeLngE7[graph.edgeTo[edge]] / SCALE;
  return graph.interiorE7[2 * (v - 2 * edge - 1)] / SCALE;
}

/** Latitude in degrees of global vertex v of `edge`. */
export function vertexLat(graph: RoadGraph, edge: number, v: number): number {
  if (startsEdge(graph.vertexEdges, v)) return graph.nodeLatE7[graph.edgeFrom[edge]] / SCALE;
  if (startsEdge(graph.vertexEdges, v + 1)) return graph.nodeLatE7[graph.edgeTo[edge]] / SCALE;
  return graph.interiorE7[2 * (v - 2 * edge - 1) + 1] / SCALE;
}

/** The edge's shape as [lng, lat] pairs in geometry order. */
export function edgeCoordinates(graph: RoadGraph, edge: number): [number, number][] {
  const out: [number, number][] = [];
  const start = edgeVertexStart(graph.vertexEdges, edge);
  const end = nextEdgeStart(graph.vertexEdges, start);
  for (let v = start; v < end; v++) out.push([vertexLng(graph, edge, v), vertexLat(graph, edge, v)]);
  return out;
}

/** The global vertex edge e's shape starts at (e = the edge count: the vertex count). */
export function edgeVertexStart(index: VertexEdgeIndex, e: number): number {
  const { startBits, startsBefore } = index;
  // The word holding start e: from the one holding every 32nd start, on while the next word's
  // starts before are still not past e. A shape spans 2.8 vertices on average, so 32 starts
  // span about three words.
  let w = index.edgeWord[e >>> 5];
  const last = startsBefore.length - 1;
  while (w < last && startsBefore[w + 1] <= e) w++;
  let bits = startBits[w];
  for (let k = e - startsBefore[w]; k > 0; k--) bits &= bits - 1;
  return w * 32 + 31 - Math.clz32(bits & -bits);
}

/** The first vertex after v that starts an edge: v's edge's end plus one, when v is on it. */
export function nextEdgeStart(index: VertexEdgeIndex, v: number): number {
  const { startBits } = index;
  const from = v + 1;
  let w = from >>> 5;
  let bits = startBits[w] & (-1 << (from & 31));
  while (bits === 0) bits = startBits[++w];
  return w * 32 + 31 - Math.clz32(bits & -bits);
}

/** The index from every edge's start among the global vertices (and the vertex count after them). */
export function buildVertexEdgeIndex(edgeGeomStart: Uint32Array, edgeCount: number): VertexEdgeIndex {
  const startBits = new Uint32Array((edgeGeomStart[edgeCount] >>> 5) + 1);
  for (let e = 0; e <= edgeCount; e++) startBits[edgeGeomStart[e] >>> 5] |= 1 << (edgeGeomStart[e] & 31);
  return vertexEdgeIndexOf(startBits, edgeCount);
}

/**
 * The index from its bitmap, with edgeCount + 1 bits set (the last at the vertex count) in
 * (vertexCount >>> 5) + 1 words.
 */
export function vertexEdgeIndexOf(startBits: Uint32Array, edgeCount: number): VertexEdgeIndex {
  const words = startBits.length;
  const startsBefore = new Uint32Array(words);
  const edgeWord = new Uint32Array((edgeCount >>> 5) + 1);
  let before = 0;
  for (let w = 0; w < words; w++) {
    startsBefore[w] = before;
    const count = bitCount(startBits[w]);
    // Every multiple of 32 in before..before+count-1 starts in this word.
    for (let k = (before + 31) >>> 5; k * 32 < before + count; k++) edgeWord[k] = w;
    before += count;
  }
  if (before !== edgeCount + 1) throw new Error(`vertex index has ${before} edge starts, expected ${edgeCount + 1}`);
  return { startBits, startsBefore, edgeWord };
}

export function bitCount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** The edge whose shape holds global vertex v (for its last vertex, the next edge's first is v + 1). */
export function edgeOfVertex(graph: RoadGraph, v: number): number {
  const { startBits, startsBefore } = graph.vertexEdges;
  const word = v >>> 5;
  // Bits 0..(v & 31) of the word: 2 << 31 is 0 in 32 bits, so the mask is then every bit.
  return startsBefore[word] + bitCount(startBits[word] & ((2 << (v & 31)) - 1)) - 1;
}
