import { buildContractionHierarchy } from './cch/hierarchy';
import { nestedDissectionOrder } from './cch/order';
import { buildEdgeCells } from './cells';
import { classIndex, DEFAULT_SPEED_KMH, surfaceIndex } from './classes';
import { haversine } from './geo';
import { buildVertexEdgeIndex, COORDINATE_SCALE, edgeRoadAndFlags, isOneWay, quantizeDegrees, type RoadGraph } from './graph';
import type { RoadLine } from './input';
import { nodeNetwork, type NodingOptions } from './noding';
import { RoadNames } from './road-names';
import { StringTable } from './strings';

export interface BuildOptions extends NodingOptions {
  /** Recorded in the graph's metadata. */
  source?: string;
  /** Build the contraction hierarchy (default true; false leaves travel time to A*, for tests of the search). */
  hierarchy?: boolean;
}

/** Builds a routable graph from road lines: noding, CSR adjacency, spatial index and the contraction hierarchy. */
export function buildRoadGraph(lines: readonly RoadLine[], options: BuildOptions = {}): RoadGraph {
  const noded = nodeNetwork(lines, options);
  const { coords, pieceLine, pieceStart, pieceVertices } = noded;

  // Nodes are numbered in the order the pieces' ends first meet them.
  const nodeOfVertex = new Int32Array(noded.stats.vertices).fill(-1);
  let nodeCount = 0;
  const nodeVertex = new Uint32Array(noded.stats.vertices);
  const nodeId = (vertex: number): number => {
    let id = nodeOfVertex[vertex];
    if (id < 0) {
      id = nodeOfVertex[vertex] = nodeCount;
      nodeVertex[nodeCount++] = vertex;
    }
    return id;
  };

  const edgeCount = pieceLine.length;
  const edgeFrom = new Uint32Array(edgeCount);
  const edgeTo = new Uint32Array(edgeCount);
  const edgeLength = new Float32Array(edgeCount);
  const edgeRoadFlags = new Uint32Array(edgeCount);
  const edgeGeomStart = new Uint32Array(edgeCount + 1);
  const vertexTotal = pieceStart[edgeCount];
  // Every vertex in degrees, for the lengths and the spatial grid; the graph keeps only the
  // interior ones, as integers (its ends are its nodes).
  const geom = new Float64Array(vertexTotal * 2);
  const interiorE7 = new Int32Array((vertexTotal - 2 * edgeCount) * 2);

  // Roads: the distinct (name, ref, class, speed) of the lines, so the file holds each once.
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
  const roadIds = new Map<string, number>();
  const roads: Road[] = [];
  const roadOfLine = lines.map((line) => {
    const road = { name: intern(line.name), ref: intern(line.ref), roadClass: classIndex(line.roadClass), speed: Math.fround(line.maxspeed ?? DEFAULT_SPEED_KMH[line.roadClass]) };
    const key = `${road.name}|${road.ref}|${road.roadClass}|${road.speed}`;
    let id = roadIds.get(key);
    if (id === undefined) {
      id = roads.length;
      roads.push(road);
      roadIds.set(key, id);
    }
    return id;
  });

  const { strings: stringTable, roads: ordered, roadOf } = orderRoads(strings, roads);

  let interior = 0;
  for (let e = 0; e < edgeCount; e++) {
    const line = lines[pieceLine[e]];
    const first = pieceStart[e];
    const last = pieceStart[e + 1] - 1;
    edgeFrom[e] = nodeId(pieceVertices[first]);
    edgeTo[e] = nodeId(pieceVertices[last]);
    edgeGeomStart[e] = first;
    let length = 0;
    for (let g = first; g <= last; g++) {
      const vertex = pieceVertices[g];
      geom[2 * g] = quantizeDegrees(coords[2 * vertex]);
      geom[2 * g + 1] = quantizeDegrees(coords[2 * vertex + 1]);
      if (g > first) length += haversine(geom[2 * g - 2], geom[2 * g - 1], geom[2 * g], geom[2 * g + 1]);
      if (g > first && g < last) {
        interiorE7[interior++] = Math.round(geom[2 * g] * COORDINATE_SCALE);
        interiorE7[interior++] = Math.round(geom[2 * g + 1] * COORDINATE_SCALE);
      }
    }
    edgeLength[e] = length;
    edgeRoadFlags[e] = edgeRoadAndFlags(roadOf[roadOfLine[pieceLine[e]]], line.oneway, surfaceIndex(line.surface ?? 'unknown'));
  }
  edgeGeomStart[edgeCount] = vertexTotal;

  const nodeLngE7 = new Int32Array(nodeCount);
  const nodeLatE7 = new Int32Array(nodeCount);
  for (let v = 0; v < nodeCount; v++) {
    nodeLngE7[v] = Math.round(quantizeDegrees(coords[2 * nodeVertex[v]]) * COORDINATE_SCALE);
    nodeLatE7[v] = Math.round(quantizeDegrees(coords[2 * nodeVertex[v] + 1]) * COORDINATE_SCALE);
  }
  const roadClass = Uint8Array.from(ordered, (road) => road.roadClass);
  const roadSpeed = Float32Array.from(ordered, (road) => road.speed);

  const csr = buildArcs(nodeCount, { edgeFrom, edgeTo, edgeRoadFlags });
  const component = weakComponents(nodeCount, edgeFrom, edgeTo);
  const otherNode: number[] = [];
  for (let v = 0; v < nodeCount; v++) if (component[v] !== 0) otherNode.push(v);
  const symmetric = !edgeRoadFlags.some((word) => (word & 1) === 1);

  const graph: RoadGraph = {
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
    nodeLngE7,
    nodeLatE7,
    otherNode: Uint32Array.from(otherNode),
    otherComponent: Uint32Array.from(otherNode, (v) => component[v]),
    edgeFrom,
    edgeTo,
    edgeLength,
    edgeRoadFlags,
    interiorE7,
    vertexEdges: buildVertexEdgeIndex(edgeGeomStart, edgeCount),
    ...csr,
    roadNames: RoadNames.of(Int32Array.from(ordered, (road) => road.name), Int32Array.from(ordered, (road) => road.ref)),
    roadClass,
    roadSpeed,
    strings: stringTable,
    cells: buildEdgeCells(edgeCount, edgeGeomStart, geom),
    cch: null,
  };
  if (options.hierarchy !== false) graph.cch = buildContractionHierarchy(graph, nestedDissectionOrder(graph));
  return graph;
}

interface Road {
  name: number;
  ref: number;
  roadClass: number;
  speed: number;
}

/**
 * The strings and roads in the order RoadNames needs (./road-names.ts): the names sorted, then
 * the refs that are no name, sorted (sorted, the front coding shares most of each string with
 * the one before); the roads by name, the unnamed last. roadOf maps a road's index in `roads` to
 * its place.
 */
function orderRoads(strings: readonly string[], roads: readonly Road[]): { strings: StringTable; roads: Road[]; roadOf: Uint32Array } {
  const isName = new Uint8Array(strings.length);
  for (const road of roads) if (road.name >= 0) isName[road.name] = 1;
  const byText = (a: number, b: number) => (strings[a] < strings[b] ? -1 : strings[a] > strings[b] ? 1 : 0);
  const ids = Array.from(strings.keys());
  const order = [...ids.filter((i) => isName[i]).sort(byText), ...ids.filter((i) => !isName[i]).sort(byText)];
  const stringOf = new Int32Array(strings.length);
  order.forEach((id, i) => {
    stringOf[id] = i;
  });
  const renamed = roads.map((road) => ({ ...road, name: road.name >= 0 ? stringOf[road.name] : -1, ref: road.ref >= 0 ? stringOf[road.ref] : -1 }));
  const last = (name: number) => (name < 0 ? Infinity : name);
  const roadOrder = Array.from(renamed.keys()).sort((a, b) => last(renamed[a].name) - last(renamed[b].name) || renamed[a].ref - renamed[b].ref || a - b);
  const roadOf = new Uint32Array(roads.length);
  roadOrder.forEach((road, i) => {
    roadOf[road] = i;
  });
  return { strings: StringTable.of(order.map((id) => strings[id])), roads: roadOrder.map((r) => renamed[r]), roadOf };
}

/**
 * The directed uses of the edges in CSR form (a one-way edge is used along its geometry only).
 * An arc holds its edge only: its head and travel time are read from the edge (arcHead, arcTime
 * in ./graph.ts), which at 1M nodes saves 8 bytes an arc over holding them here too.
 */
export function buildArcs(nodeCount: number, edges: Pick<RoadGraph, 'edgeFrom' | 'edgeTo' | 'edgeRoadFlags'>) {
  const { edgeFrom, edgeTo, edgeRoadFlags } = edges;
  const arcStart = new Uint32Array(nodeCount + 1);
  for (let e = 0; e < edgeFrom.length; e++) {
    arcStart[edgeFrom[e] + 1]++;
    if ((edgeRoadFlags[e] & 1) === 0) arcStart[edgeTo[e] + 1]++;
  }
  for (let v = 0; v < nodeCount; v++) arcStart[v + 1] += arcStart[v];
  const arcEdge = new Uint32Array(arcStart[nodeCount]);
  const fill = arcStart.slice(0, nodeCount);
  for (let e = 0; e < edgeFrom.length; e++) {
    arcEdge[fill[edgeFrom[e]]++] = e * 2;
    if ((edgeRoadFlags[e] & 1) === 0) arcEdge[fill[edgeTo[e]]++] = e * 2 + 1;
  }
  return { arcStart, arcEdge };
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
