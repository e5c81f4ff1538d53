import Flatbush from 'flatbush';
import { classIndex, DEFAULT_SPEED_KMH, surfaceIndex } from './classes';
import { haversine } from './geo';
import type { RoadGraph } from './graph';
import type { RoadLine } from './input';
import { buildLandmarks, weakComponents } from './landmarks';
import { nodeNetwork, type NodingOptions } from './noding';

export interface BuildOptions extends NodingOptions {
  /** Recorded in the graph's metadata. */
  source?: string;
  /** Number of ALT landmarks (default 16). */
  landmarks?: number;
}

/** Builds a routable graph from road lines: noding, CSR adjacency, spatial index and landmarks. */
export function buildRoadGraph(lines: readonly RoadLine[], options: BuildOptions = {}): RoadGraph {
  const noded = nodeNetwork(lines, options);
  const { coords, pieces } = noded;

  const nodeOfVertex = new Map<number, number>();
  const nodeLngList: number[] = [];
  const nodeLatList: number[] = [];
  const nodeId = (vertex: number): number => {
    let id = nodeOfVertex.get(vertex);
    if (id === undefined) {
      id = nodeLngList.length;
      nodeOfVertex.set(vertex, id);
      nodeLngList.push(coords[2 * vertex]);
      nodeLatList.push(coords[2 * vertex + 1]);
    }
    return id;
  };

  const edgeCount = pieces.length;
  const edgeFrom = new Uint32Array(edgeCount);
  const edgeTo = new Uint32Array(edgeCount);
  const edgeLength = new Float32Array(edgeCount);
  const edgeDuration = new Float32Array(edgeCount);
  const edgeRoad = new Uint32Array(edgeCount);
  const edgeOneway = new Uint8Array(edgeCount);
  const edgeSurface = new Uint8Array(edgeCount);
  const edgeGeomStart = new Uint32Array(edgeCount + 1);
  let vertexTotal = 0;
  for (const piece of pieces) vertexTotal += piece.vertices.length;
  const geom = new Float64Array(vertexTotal * 2);

  let g = 0;
  pieces.forEach((piece, e) => {
    const line = lines[piece.line];
    edgeFrom[e] = nodeId(piece.vertices[0]);
    edgeTo[e] = nodeId(piece.vertices[piece.vertices.length - 1]);
    edgeGeomStart[e] = g;
    let length = 0;
    piece.vertices.forEach((vertex, k) => {
      geom[2 * g] = coords[2 * vertex];
      geom[2 * g + 1] = coords[2 * vertex + 1];
      if (k > 0) length += haversine(geom[2 * g - 2], geom[2 * g - 1], geom[2 * g], geom[2 * g + 1]);
      g++;
    });
    const speedKmh = line.maxspeed ?? DEFAULT_SPEED_KMH[line.roadClass];
    edgeLength[e] = length;
    edgeDuration[e] = length / (speedKmh / 3.6);
    edgeRoad[e] = piece.line;
    edgeOneway[e] = line.oneway ? 1 : 0;
    edgeSurface[e] = surfaceIndex(line.surface ?? 'unknown');
  });
  edgeGeomStart[edgeCount] = g;

  const nodeCount = nodeLngList.length;
  const strings: string[] = [];
  const stringIds = new Map<string, number>();
  const intern = (value: string | null): number => {
    if (value === null) return -1;
    let id = stringIds.get(value);
    if (id === undefined) {
      id = strings.length;
      strings.push(value);
      stringIds.set(value, id);
    }
    return id;
  };
  const roadName = new Int32Array(lines.length);
  const roadRef = new Int32Array(lines.length);
  const roadClass = new Uint8Array(lines.length);
  lines.forEach((line, i) => {
    roadName[i] = intern(line.name);
    roadRef[i] = intern(line.ref);
    roadClass[i] = classIndex(line.roadClass);
  });

  const csr = buildArcs(nodeCount, edgeFrom, edgeTo, edgeOneway, edgeDuration, edgeLength);
  const nodeComponent = weakComponents(nodeCount, edgeFrom, edgeTo);
  const symmetric = !edgeOneway.some((flag) => flag === 1);
  const landmarks = buildLandmarks(
    { nodeCount, arcStart: csr.arcStart, arcTarget: csr.arcTarget, arcWeight: csr.arcDuration },
    nodeComponent,
    options.landmarks ?? 16,
    symmetric,
  );
  const segments = buildSegmentIndex(edgeCount, edgeGeomStart, geom);

  return {
    meta: {
      source: options.source ?? 'memory',
      builtAt: new Date().toISOString(),
      lines: lines.length,
      vertices: noded.stats.vertices,
      endsJoinedToVertex: noded.stats.endsJoinedToVertex,
      endsInsertedIntoLines: noded.stats.endsInsertedIntoLines,
      symmetric,
    },
    nodeCount,
    edgeCount,
    nodeLng: Float64Array.from(nodeLngList),
    nodeLat: Float64Array.from(nodeLatList),
    nodeComponent,
    edgeFrom,
    edgeTo,
    edgeLength,
    edgeDuration,
    edgeRoad,
    edgeOneway,
    edgeSurface,
    edgeGeomStart,
    geom,
    ...csr,
    roadName,
    roadRef,
    roadClass,
    strings,
    landmarkCount: landmarks.nodes.length,
    landmarkNode: landmarks.nodes,
    landmarkFrom: landmarks.from,
    landmarkTo: landmarks.to,
    ...segments,
  };
}

function buildArcs(
  nodeCount: number,
  edgeFrom: Uint32Array,
  edgeTo: Uint32Array,
  edgeOneway: Uint8Array,
  edgeDuration: Float32Array,
  edgeLength: Float32Array,
) {
  const arcStart = new Uint32Array(nodeCount + 1);
  for (let e = 0; e < edgeFrom.length; e++) {
    arcStart[edgeFrom[e] + 1]++;
    if (!edgeOneway[e]) arcStart[edgeTo[e] + 1]++;
  }
  for (let v = 0; v < nodeCount; v++) arcStart[v + 1] += arcStart[v];
  const arcCount = arcStart[nodeCount];
  const arcTarget = new Uint32Array(arcCount);
  const arcEdge = new Uint32Array(arcCount);
  const arcDuration = new Float32Array(arcCount);
  const arcLength = new Float32Array(arcCount);
  const fill = arcStart.slice(0, nodeCount);
  const add = (from: number, to: number, edge: number, backward: number) => {
    const slot = fill[from]++;
    arcTarget[slot] = to;
    arcEdge[slot] = edge * 2 + backward;
    arcDuration[slot] = edgeDuration[edge];
    arcLength[slot] = edgeLength[edge];
  };
  for (let e = 0; e < edgeFrom.length; e++) {
    add(edgeFrom[e], edgeTo[e], e, 0);
    if (!edgeOneway[e]) add(edgeTo[e], edgeFrom[e], e, 1);
  }
  return { arcStart, arcTarget, arcEdge, arcDuration, arcLength };
}

function buildSegmentIndex(edgeCount: number, edgeGeomStart: Uint32Array, geom: Float64Array) {
  const segmentCount = edgeGeomStart[edgeCount] - edgeCount;
  const segEdge = new Uint32Array(segmentCount);
  const segVertex = new Uint32Array(segmentCount);
  const segIndex = new Flatbush(Math.max(1, segmentCount));
  let s = 0;
  for (let e = 0; e < edgeCount; e++) {
    for (let v = edgeGeomStart[e]; v + 1 < edgeGeomStart[e + 1]; v++, s++) {
      const ax = geom[2 * v];
      const ay = geom[2 * v + 1];
      const bx = geom[2 * v + 2];
      const by = geom[2 * v + 3];
      segIndex.add(Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by));
      segEdge[s] = e;
      segVertex[s] = v;
    }
  }
  // Flatbush cannot be empty; a placeholder box far outside any real coordinate keeps it valid.
  if (segmentCount === 0) segIndex.add(1000, 1000, 1000, 1000);
  segIndex.finish();
  return { segEdge, segVertex, segIndex };
}
