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
  /**
   * The stretch's line in travel order; null for a whole edge, whose shape is read off the graph
   * only where it is needed (legCoordinates, pieceEndStretch): a route has hundreds of whole edges,
   * and a line a piece, copied again into the route's, was a quarter of a short trip's time.
   */
  coordinates: Position[] | null;
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
function piece(graph: RoadGraph, edge: number, forward: boolean, lo: number, hi: number, coordinates: Position[] | null): PathPiece {
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

/** A whole edge travelled one way: its line stays in the graph (PathPiece.coordinates). */
function wholeEdge(graph: RoadGraph, edge: number, forward: boolean): PathPiece {
  return piece(graph, edge, forward, 0, 1, null);
}

/**
 * Longitude (axis 0) or latitude (axis 1) of point k along an edge's geometry, of its n points
 * starting at global vertex `start`: read off its nodes and interior vertices (global vertex v of
 * the edge is interior vertex v - 2 * edge - 1: see RoadGraph).
 */
function edgePoint(graph: RoadGraph, edge: number, start: number, n: number, k: number, axis: 0 | 1): number {
  const nodes = axis === 0 ? graph.nodeLngE7 : graph.nodeLatE7;
  if (k === 0) return nodes[graph.edgeFrom[edge]] / SCALE;
  if (k === n - 1) return nodes[graph.edgeTo[edge]] / SCALE;
  return graph.interiorE7[2 * (start + k - 2 * edge - 1) + axis] / SCALE;
}

/** Appends a whole edge's points in travel order to a line, but not a point equal to the line's last. */
function appendEdgeLine(graph: RoadGraph, edge: number, forward: boolean, into: Position[]): void {
  const start = edgeVertexStart(graph.vertexEdges, edge);
  const n = nextEdgeStart(graph.vertexEdges, start) - start;
  for (let i = 0; i < n; i++) {
    const k = forward ? i : n - 1 - i;
    appendPoint(into, edgePoint(graph, edge, start, n, k, 0), edgePoint(graph, edge, start, n, k, 1));
  }
}

function appendPoint(into: Position[], lng: number, lat: number, position?: Position): void {
  const last = into[into.length - 1];
  if (!last || last[0] !== lng || last[1] !== lat) into.push(position ?? [lng, lat]);
}

/**
 * The first (atStart) or last stretch of a piece's line, as from lng, from lat, to lng, to lat in
 * travel order, written into `out`; false when the line has fewer than two points or that
 * stretch is a point. (No closure or array a call: steps ask this at every turn.)
 */
export function pieceEndStretch(graph: RoadGraph, p: PathPiece, atStart: boolean, out: Float64Array): boolean {
  const line = p.coordinates;
  if (line) {
    const n = line.length;
    if (n < 2) return false;
    const a = line[atStart ? 0 : n - 2];
    const b = line[atStart ? 1 : n - 1];
    out[0] = a[0];
    out[1] = a[1];
    out[2] = b[0];
    out[3] = b[1];
  } else {
    const start = edgeVertexStart(graph.vertexEdges, p.edge);
    const n = nextEdgeStart(graph.vertexEdges, start) - start;
    // Points i and i + 1 in travel order, as places ka and kb along the geometry.
    const i = atStart ? 0 : n - 2;
    const ka = p.forward ? i : n - 1 - i;
    const kb = p.forward ? i + 1 : n - 2 - i;
    out[0] = edgePoint(graph, p.edge, start, n, ka, 0);
    out[1] = edgePoint(graph, p.edge, start, n, ka, 1);
    out[2] = edgePoint(graph, p.edge, start, n, kb, 0);
    out[3] = edgePoint(graph, p.edge, start, n, kb, 1);
  }
  return out[0] !== out[2] || out[1] !== out[3];
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
  // No closures made a call: a snap finds dozens of legs, and each closure (named, as the tests'
  // and bench's loader names them) cost more than the rest of a short leg's set-up.
  const { metric, closed } = options;
  const fromF = fractionOf(graph, from);
  const toF = fractionOf(graph, to);
  const fromAt = fromF * graph.edgeLength[from.edge];
  const toAt = toF * graph.edgeLength[to.edge];
  const fromWeight = legWeight(graph, metric, from.edge);
  const toWeight = legWeight(graph, metric, to.edge);
  const sources: SearchEndpoint[] = [];
  const sourceForward: boolean[] = [];
  if (isOpen(closed, from.edge, fromAt, graph.edgeLength[from.edge])) {
    sources.push({ node: graph.edgeTo[from.edge], cost: (1 - fromF) * fromWeight });
    sourceForward.push(true);
  }
  if (!isOneWay(graph, from.edge) && isOpen(closed, from.edge, 0, fromAt)) {
    sources.push({ node: graph.edgeFrom[from.edge], cost: fromF * fromWeight });
    sourceForward.push(false);
  }
  const targets: SearchEndpoint[] = [];
  const targetForward: boolean[] = [];
  if (isOpen(closed, to.edge, 0, toAt)) {
    targets.push({ node: graph.edgeFrom[to.edge], cost: toF * toWeight });
    targetForward.push(true);
  }
  if (!isOneWay(graph, to.edge) && isOpen(closed, to.edge, toAt, graph.edgeLength[to.edge])) {
    targets.push({ node: graph.edgeTo[to.edge], cost: (1 - toF) * toWeight });
    targetForward.push(false);
  }

  const sameEdgeOpen = from.edge === to.edge && isOpen(closed, from.edge, Math.min(fromAt, toAt), Math.max(fromAt, toAt));
  const direct = sameEdgeOpen ? within(graph, from, to) : null;
  const directCost = direct ? (metric === 'duration' ? direct.duration : direct.distance) : Infinity;
  const maxCost = Math.min(options.maxCost ?? Infinity, directCost);
  const found =
    sources.length > 0 && targets.length > 0 ? search.run({ sources, targets, metric, blocked: options.blocked, maxCost }) : null;

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
  // A negligible end piece (a point projected onto a junction) is left out, unless it is all there is.
  const kept: PathPiece[] = [];
  let distance = 0;
  let duration = 0;
  for (let i = 0; i < pieces.length; i++) {
    const p = pieces[i];
    if (!(p.distance >= NEGLIGIBLE_METRES || pieces.length === 1 || (i > 0 && i < pieces.length - 1))) continue;
    kept.push(p);
    distance += p.distance;
    duration += p.duration;
  }
  return { pieces: kept, distance, duration };
}

/** What travelling a whole edge costs under the metric. */
function legWeight(graph: RoadGraph, metric: LegOptions['metric'], edge: number): number {
  return metric === 'duration' ? durationOfEdge(graph, edge) : graph.edgeLength[edge];
}

/** Whether [lo, hi] metres of an edge are clear of the closed stretches (all are, without any). */
function isOpen(closed: ClosedRoads | undefined, edge: number, lo: number, hi: number): boolean {
  return !closed || !closed.blocks(edge, lo, hi);
}

/** The leg's line, without repeated points where pieces meet. */
export function legCoordinates(graph: RoadGraph, pieces: readonly PathPiece[], into: Position[] = []): Position[] {
  for (const p of pieces) {
    if (p.coordinates) for (const c of p.coordinates) appendPoint(into, c[0], c[1], c);
    else appendEdgeLine(graph, p.edge, p.forward, into);
  }
  return into;
}

/** Edge ids in travel order, each once per consecutive run. */
export function legEdges(pieces: readonly PathPiece[], into: number[] = []): number[] {
  for (const p of pieces) if (into[into.length - 1] !== p.edge) into.push(p.edge);
  return into;
}
