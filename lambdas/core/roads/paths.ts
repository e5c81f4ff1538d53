import type { Position } from './geo';
import { COORDINATE_SCALE, durationOfEdge, edgeVertexStart, isOneWay, nextEdgeStart, vertexLat, vertexLng, type RoadGraph } from './graph';
import type { EdgeMask, RoadSearch, SearchEndpoint } from './search';
import type { EdgeProjection } from './spatial';
import type { ClosedRoads } from './stretches';

/** A stretch of one edge travelled in one direction (whole, or partial at a path's ends). */
export interface PathPiece {
  edge: number;
  /** True when travelled along the edge's geometry direction. */
  forward: boolean;
  distance: number;
  duration: number;
  coordinates: Position[];
  /** The stretch travelled, in metres from the start of the edge's geometry (from <= to). */
  from: number;
  to: number;
}

export interface PathLeg {
  pieces: PathPiece[];
  distance: number;
  duration: number;
}

/** A module constant, not the imported binding: run from source, that is a getter call per read (graph.ts). */
const SCALE = COORDINATE_SCALE;

/** Pieces shorter than this (a point projected onto a junction) do not count as using the edge. */
const NEGLIGIBLE_METRES = 0.01;

function vertexAt(graph: RoadGraph, edge: number, v: number): Position {
  return [vertexLng(graph, edge, v), vertexLat(graph, edge, v)];
}

function fractionOf(graph: RoadGraph, at: EdgeProjection): number {
  const length = graph.edgeLength[at.edge];
  return length > 0 ? Math.min(1, Math.max(0, at.offset / length)) : 0;
}

/** The piece of `edge` between two fractions of its length. */
function piece(graph: RoadGraph, edge: number, forward: boolean, lo: number, hi: number, coordinates: Position[]): PathPiece {
  const length = graph.edgeLength[edge];
  return {
    edge,
    forward,
    distance: length * (hi - lo),
    duration: durationOfEdge(graph, edge) * (hi - lo),
    coordinates,
    from: length * lo,
    to: length * hi,
  };
}

/** A whole edge's shape read straight off its nodes and interior vertices (a route has hundreds of edges). */
function wholeEdge(graph: RoadGraph, edge: number, forward: boolean): PathPiece {
  const { nodeLngE7, nodeLatE7, interiorE7 } = graph;
  const a = graph.edgeFrom[edge];
  const b = graph.edgeTo[edge];
  // Global vertex v of the edge is interior vertex v - 2 * edge - 1 (RoadGraph): its first interior one, its start - 2 * edge.
  const start = edgeVertexStart(graph.vertexEdges, edge);
  const interior = nextEdgeStart(graph.vertexEdges, start) - start - 2;
  const at = 2 * (start - 2 * edge);
  const coordinates: Position[] = new Array(interior + 2);
  coordinates[forward ? 0 : interior + 1] = [nodeLngE7[a] / SCALE, nodeLatE7[a] / SCALE];
  for (let i = 0; i < interior; i++) coordinates[forward ? i + 1 : interior - i] = [interiorE7[at + 2 * i] / SCALE, interiorE7[at + 2 * i + 1] / SCALE];
  coordinates[forward ? interior + 1 : 0] = [nodeLngE7[b] / SCALE, nodeLatE7[b] / SCALE];
  return piece(graph, edge, forward, 0, 1, coordinates);
}

/** From a projected point to the end of its edge (forward) or back to its start. */
function leaving(graph: RoadGraph, from: EdgeProjection, forward: boolean): PathPiece {
  const f = fractionOf(graph, from);
  const coordinates: Position[] = [[from.lng, from.lat]];
  if (forward) for (let v = from.vertex + 1, end = nextEdgeStart(graph.vertexEdges, from.vertex); v < end; v++) coordinates.push(vertexAt(graph, from.edge, v));
  else for (let v = from.vertex, start = edgeVertexStart(graph.vertexEdges, from.edge); v >= start; v--) coordinates.push(vertexAt(graph, from.edge, v));
  return forward ? piece(graph, from.edge, true, f, 1, coordinates) : piece(graph, from.edge, false, 0, f, coordinates);
}

/** From the start of an edge (forward) or its end, to a projected point on it. */
function arriving(graph: RoadGraph, to: EdgeProjection, forward: boolean): PathPiece {
  const f = fractionOf(graph, to);
  const coordinates: Position[] = [];
  if (forward) for (let v = edgeVertexStart(graph.vertexEdges, to.edge); v <= to.vertex; v++) coordinates.push(vertexAt(graph, to.edge, v));
  else for (let v = nextEdgeStart(graph.vertexEdges, to.vertex) - 1; v > to.vertex; v--) coordinates.push(vertexAt(graph, to.edge, v));
  coordinates.push([to.lng, to.lat]);
  return forward ? piece(graph, to.edge, true, 0, f, coordinates) : piece(graph, to.edge, false, f, 1, coordinates);
}

/** Along one edge between two projected points, or null when a one-way edge forbids it. */
function within(graph: RoadGraph, from: EdgeProjection, to: EdgeProjection): PathPiece | null {
  const fromF = fractionOf(graph, from);
  const toF = fractionOf(graph, to);
  const forward = toF >= fromF;
  if (!forward && isOneWay(graph, from.edge)) return null;
  const coordinates: Position[] = [[from.lng, from.lat]];
  if (forward) for (let v = from.vertex + 1; v <= to.vertex; v++) coordinates.push(vertexAt(graph, from.edge, v));
  else for (let v = from.vertex; v > to.vertex; v--) coordinates.push(vertexAt(graph, from.edge, v));
  coordinates.push([to.lng, to.lat]);
  return piece(graph, from.edge, forward, Math.min(fromF, toF), Math.max(fromF, toF), coordinates);
}

export interface LegOptions {
  metric: 'duration' | 'length';
  blocked?: EdgeMask;
  /** Closed stretches: their edges must also be in `blocked`; the partial end edges may be used only on their open parts. */
  closed?: ClosedRoads;
  maxCost?: number;
}

/**
 * The best path between two projected points: along their shared edge, or out of the first edge
 * through the graph into the last. The partial end edges are allowed even when in `blocked`,
 * because the trip has to start and end there; with `closed`, only their open parts are.
 */
export function findLeg(graph: RoadGraph, search: RoadSearch, from: EdgeProjection, to: EdgeProjection, options: LegOptions): PathLeg | null {
  const weight = (edge: number) => (options.metric === 'duration' ? durationOfEdge(graph, edge) : graph.edgeLength[edge]);
  const fromF = fractionOf(graph, from);
  const toF = fractionOf(graph, to);
  const closed = options.closed;
  const fromAt = fromF * graph.edgeLength[from.edge];
  const toAt = toF * graph.edgeLength[to.edge];
  const open = (edge: number, lo: number, hi: number) => !closed || !closed.blocks(edge, lo, hi);
  const sources: SearchEndpoint[] = [];
  const sourceForward: boolean[] = [];
  if (open(from.edge, fromAt, graph.edgeLength[from.edge])) {
    sources.push({ node: graph.edgeTo[from.edge], cost: (1 - fromF) * weight(from.edge) });
    sourceForward.push(true);
  }
  if (!isOneWay(graph, from.edge) && open(from.edge, 0, fromAt)) {
    sources.push({ node: graph.edgeFrom[from.edge], cost: fromF * weight(from.edge) });
    sourceForward.push(false);
  }
  const targets: SearchEndpoint[] = [];
  const targetForward: boolean[] = [];
  if (open(to.edge, 0, toAt)) {
    targets.push({ node: graph.edgeFrom[to.edge], cost: toF * weight(to.edge) });
    targetForward.push(true);
  }
  if (!isOneWay(graph, to.edge) && open(to.edge, toAt, graph.edgeLength[to.edge])) {
    targets.push({ node: graph.edgeTo[to.edge], cost: (1 - toF) * weight(to.edge) });
    targetForward.push(false);
  }

  const sameEdgeOpen = from.edge === to.edge && open(from.edge, Math.min(fromAt, toAt), Math.max(fromAt, toAt));
  const direct = sameEdgeOpen ? within(graph, from, to) : null;
  const directCost = direct ? (options.metric === 'duration' ? direct.duration : direct.distance) : Infinity;
  const maxCost = Math.min(options.maxCost ?? Infinity, directCost);
  const found =
    sources.length > 0 && targets.length > 0 ? search.run({ sources, targets, metric: options.metric, blocked: options.blocked, maxCost }) : null;

  let pieces: PathPiece[];
  if (found && found.cost < directCost) {
    pieces = [leaving(graph, from, sourceForward[found.sourceIndex])];
    for (const arc of found.arcs) pieces.push(wholeEdge(graph, graph.arcEdge[arc] >>> 1, (graph.arcEdge[arc] & 1) === 0));
    pieces.push(arriving(graph, to, targetForward[found.targetIndex]));
  } else if (direct && directCost <= (options.maxCost ?? Infinity)) {
    pieces = [direct];
  } else {
    return null;
  }
  pieces = pieces.filter((p, i) => p.distance >= NEGLIGIBLE_METRES || pieces.length === 1 || (i > 0 && i < pieces.length - 1));
  let distance = 0;
  let duration = 0;
  for (const p of pieces) {
    distance += p.distance;
    duration += p.duration;
  }
  return { pieces, distance, duration };
}

/** The leg's line, without repeated points where pieces meet. */
export function legCoordinates(pieces: readonly PathPiece[], into: Position[] = []): Position[] {
  for (const p of pieces) {
    for (const c of p.coordinates) {
      const last = into[into.length - 1];
      if (!last || last[0] !== c[0] || last[1] !== c[1]) into.push(c);
    }
  }
  return into;
}

/** Edge ids in travel order, each once per consecutive run. */
export function legEdges(pieces: readonly PathPiece[], into: number[] = []): number[] {
  for (const p of pieces) if (into[into.length - 1] !== p.edge) into.push(p.edge);
  return into;
}
