import type { ContractionHierarchy } from './cch/hierarchy';
import { describeRoadClass, ROAD_CLASSES, ROAD_SURFACES, type RoadClass, type RoadSurface } from './classes';

/** Bumped whenever the binary layout or the meaning of a field changes; old files are rebuilt. */
export const ROAD_GRAPH_VERSION = 4;

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
  /** True when no edge is one way, so landmark distances to and from a node are the same. */
  symmetric: boolean;
}

/**
 * A routable road network held in typed arrays.
 *
 * - Nodes are junctions and line ends; edges are the road pieces between them, with their full
 *   shape in `geom` (lng/lat interleaved; edge e uses vertices edgeGeomStart[e]..edgeGeomStart[e+1]-1).
 * - Arcs are the directed uses of edges in CSR form: node v's arcs are arcStart[v]..arcStart[v+1]-1.
 *   arcEdge holds edge * 2 + (1 when the arc runs against the edge's geometry).
 * - Roads are the distinct (name, ref, class, speed) of the source lines; edgeRoad indexes them,
 *   and an edge's duration is its length at its road's speed.
 * - Landmark tables are node-major: landmarkFrom[v * K + i] = travel time from landmark i to v,
 *   landmarkTo[v * K + i] = from v to landmark i (the same array when the graph is symmetric),
 *   in steps of landmarkUnit seconds, rounded; LANDMARK_UNREACHABLE where there is no path.
 * - cells is a grid over the geometry naming the segments in each cell (./cells.ts).
 * - cch is the contraction hierarchy travel-time routes are searched on (./cch/hierarchy.ts).
 */
export interface RoadGraph {
  meta: RoadGraphMeta;
  nodeCount: number;
  edgeCount: number;
  nodeLng: Float64Array;
  nodeLat: Float64Array;
  nodeComponent: Uint32Array;
  edgeFrom: Uint32Array;
  edgeTo: Uint32Array;
  edgeLength: Float32Array;
  edgeDuration: Float32Array;
  edgeRoad: Uint16Array | Uint32Array;
  edgeOneway: Uint8Array;
  /** Index into ROAD_SURFACES (0 unknown, 1 sealed, 2 unsealed), per edge. */
  edgeSurface: Uint8Array;
  edgeGeomStart: Uint32Array;
  geom: Float64Array;
  arcStart: Uint32Array;
  arcTarget: Uint32Array;
  arcEdge: Uint32Array;
  arcDuration: Float32Array;
  roadName: Int32Array;
  roadRef: Int32Array;
  roadClass: Uint8Array;
  /** km/h, per road. */
  roadSpeed: Float32Array;
  strings: string[];
  landmarkCount: number;
  landmarkNode: Uint32Array;
  landmarkFrom: Uint16Array;
  landmarkTo: Uint16Array;
  /** Seconds per step of the landmark tables. */
  landmarkUnit: number;
  cells: EdgeCells;
  /** Null only for graphs built without one (tests of the A* search). */
  cch: ContractionHierarchy | null;
}

export const LANDMARK_UNREACHABLE = 0xffff;

/**
 * A uniform grid over the network's geometry: each cell lists the segments whose bounding box
 * meets it, each named by its first vertex (a global index into geom), in CSR form: cell c's are
 * cellSegment[cellStart[c]..cellStart[c+1]-1]. About one cell per four segments; it is stored in
 * the graph file as is.
 */
export interface EdgeCells {
  minLng: number;
  minLat: number;
  /** Side of a cell in degrees (the same in longitude and latitude). */
  size: number;
  cols: number;
  rows: number;
  cellStart: Uint32Array;
  cellSegment: Uint32Array;
}


export function roadClassOfEdge(graph: RoadGraph, edge: number): RoadClass {
  return ROAD_CLASSES[graph.roadClass[graph.edgeRoad[edge]]];
}

export function surfaceOfEdge(graph: RoadGraph, edge: number): RoadSurface {
  return ROAD_SURFACES[graph.edgeSurface[edge]] ?? 'unknown';
}

export const isUnsealedEdge = (graph: RoadGraph, edge: number): boolean => graph.edgeSurface[edge] === 2;

export function roadNameOfEdge(graph: RoadGraph, edge: number): string | null {
  const index = graph.roadName[graph.edgeRoad[edge]];
  return index >= 0 ? graph.strings[index] : null;
}

export function roadRefOfEdge(graph: RoadGraph, edge: number): string | null {
  const index = graph.roadRef[graph.edgeRoad[edge]];
  return index >= 0 ? graph.strings[index] : null;
}

/** What to call a road in instructions: its name, else its route number, else its class. */
export function roadLabel(graph: RoadGraph, edge: number): string {
  return roadNameOfEdge(graph, edge) ?? roadRefOfEdge(graph, edge) ?? describeRoadClass(roadClassOfEdge(graph, edge));
}

/** The edge's shape as [lng, lat] pairs in geometry order. */
export function edgeCoordinates(graph: RoadGraph, edge: number): [number, number][] {
  const out: [number, number][] = [];
  for (let v = graph.edgeGeomStart[edge]; v < graph.edgeGeomStart[edge + 1]; v++) {
    out.push([graph.geom[2 * v], graph.geom[2 * v + 1]]);
  }
  return out;
}
