import { forEachSegmentIn } from './cells';
import { degreeSpan, haversine, projectOntoSegment } from './geo';
import { edgeVertexStart, vertexLat, vertexLng, type RoadGraph } from './graph';

/** Where a point lands on the network: a spot on one edge. */
export interface EdgeProjection {
  edge: number;
  /** Global index of the first vertex of the segment the point projects onto. */
  vertex: number;
  lng: number;
  lat: number;
  /** Metres from the query point to the projected point. */
  distance: number;
  /** Metres along the edge's geometry from its start to the projected point. */
  offset: number;
}

/**
 * The nearest point on any edge within `maxDistance` metres (optionally only edges `accept`s).
 * The bounding-box search grows from 100 m, because most queries are close to a road and a
 * small box keeps the candidate list short.
 */
export function nearestOnNetwork(
  graph: RoadGraph,
  lng: number,
  lat: number,
  maxDistance: number,
  accept?: (edge: number) => boolean,
): EdgeProjection | null {
  let radius = Math.min(100, maxDistance);
  for (;;) {
    const { dLat, dLng } = degreeSpan(lat, radius);
    let best: { edge: number; vertex: number; lng: number; lat: number; distance: number } | null = null;
    forEachSegmentIn(graph, lng - dLng, lat - dLat, lng + dLng, lat + dLat, (edge, v, ax, ay, bx, by) => {
      if (accept && !accept(edge)) return;
      const p = projectOntoSegment(lng, lat, ax, ay, bx, by);
      if (!best || p.distance < best.distance) best = { edge, vertex: v, lng: p.lng, lat: p.lat, distance: p.distance };
    });
    const found = best as { edge: number; vertex: number; lng: number; lat: number; distance: number } | null;
    if (found && found.distance <= radius) return projectionOf(graph, found.edge, found.vertex, found.lng, found.lat, found.distance);
    if (radius >= maxDistance) return null;
    radius = Math.min(radius * 4, maxDistance);
  }
}

/** The closest point of every edge within `radius` metres, nearest first. */
export function projectionsNear(graph: RoadGraph, lng: number, lat: number, radius: number): EdgeProjection[] {
  const { dLat, dLng } = degreeSpan(lat, radius);
  const bestByEdge = new Map<number, { vertex: number; lng: number; lat: number; distance: number }>();
  forEachSegmentIn(graph, lng - dLng, lat - dLat, lng + dLng, lat + dLat, (edge, v, ax, ay, bx, by) => {
    const p = projectOntoSegment(lng, lat, ax, ay, bx, by);
    if (p.distance > radius) return;
    const current = bestByEdge.get(edge);
    if (!current || p.distance < current.distance) bestByEdge.set(edge, { vertex: v, lng: p.lng, lat: p.lat, distance: p.distance });
  });
  return [...bestByEdge.entries()]
    .sort((a, b) => a[1].distance - b[1].distance)
    .map(([edge, best]) => projectionOf(graph, edge, best.vertex, best.lng, best.lat, best.distance));
}

/** Metres along an edge's geometry from its start to global vertex `vertex`. */
function offsetOfVertex(graph: RoadGraph, edge: number, vertex: number): number {
  let offset = 0;
  const start = edgeVertexStart(graph.vertexEdges, edge);
  let x = vertexLng(graph, edge, start);
  let y = vertexLat(graph, edge, start);
  for (let v = start + 1; v <= vertex; v++) {
    const nx = vertexLng(graph, edge, v);
    const ny = vertexLat(graph, edge, v);
    offset += haversine(x, y, nx, ny);
    x = nx;
    y = ny;
  }
  return offset;
}

function projectionOf(graph: RoadGraph, edge: number, vertex: number, lng: number, lat: number, distance: number): EdgeProjection {
  const offset = offsetOfVertex(graph, edge, vertex) + haversine(vertexLng(graph, edge, vertex), vertexLat(graph, edge, vertex), lng, lat);
  return { edge, vertex, lng, lat, distance, offset: Math.min(offset, graph.edgeLength[edge]) };
}

/** Edges with any part within `radius` metres of the point. */
export function edgesNear(graph: RoadGraph, lng: number, lat: number, radius: number, out: Set<number> = new Set()): Set<number> {
  const { dLat, dLng } = degreeSpan(lat, radius);
  forEachSegmentIn(graph, lng - dLng, lat - dLat, lng + dLng, lat + dLat, (edge, _v, ax, ay, bx, by) => {
    if (out.has(edge)) return;
    if (projectOntoSegment(lng, lat, ax, ay, bx, by).distance <= radius) out.add(edge);
  });
  return out;
}

type Ring = number[][];

/** Edges that enter a polygon (any vertex inside or any segment crossing its boundary). */
export function edgesInPolygon(graph: RoadGraph, rings: Ring[], out: Set<number> = new Set()): Set<number> {
  if (rings.length === 0 || rings[0].length < 3) return out;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of rings[0]) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  forEachSegmentIn(graph, minX, minY, maxX, maxY, (edge, _v, ax, ay, bx, by) => {
    if (out.has(edge)) return;
    if (pointInRings(ax, ay, rings) || pointInRings(bx, by, rings) || crossesRings(ax, ay, bx, by, rings)) out.add(edge);
  });
  return out;
}

/** Even-odd rule over all rings, so holes are excluded. */
export function pointInRings(x: number, y: number, rings: Ring[]): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

function crossesRings(ax: number, ay: number, bx: number, by: number, rings: Ring[]): boolean {
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      if (segmentsIntersect(ax, ay, bx, by, ring[j][0], ring[j][1], ring[i][0], ring[i][1])) return true;
    }
  }
  return false;
}

function segmentsIntersect(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, dx: number, dy: number): boolean {
  const d1 = cross(cx, cy, dx, dy, ax, ay);
  const d2 = cross(cx, cy, dx, dy, bx, by);
  const d3 = cross(ax, ay, bx, by, cx, cy);
  const d4 = cross(ax, ay, bx, by, dx, dy);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

function cross(ax: number, ay: number, bx: number, by: number, px: number, py: number): number {
  return (bx - ax) * (py - ay) - (by - ay) * (px - ax);
}

/**
 * Edges a line runs along: the line is sampled every ~2 m and each sample is matched to the
 * nearest road segment within `tolerance` metres that runs roughly parallel to the line there
 * and onto whose interior the sample projects. Roads that only cross the line, or continue past
 * its end, are therefore not matched; nor is a road that merely converges with it at a junction,
 * because an edge needs two matched samples (one if it is shorter than that).
 */
export function edgesAlongLine(graph: RoadGraph, coordinates: number[][], tolerance = 5): Set<number> {
  return new Set(matchAlongLine(graph, coordinates, tolerance).keys());
}

/** Metres between samples of a line matched onto the network. */
export const LINE_SAMPLE_STEP_M = 2;

/**
 * Like edgesAlongLine, but keeps where along each edge the line runs: for every matched edge, the
 * offsets (metres from the edge's geometry start) of the samples matched onto it, ascending.
 */
export function matchAlongLine(graph: RoadGraph, coordinates: number[][], tolerance = 5): Map<number, number[]> {
  const hits = new Map<number, number[]>();
  const STEP = LINE_SAMPLE_STEP_M;
  // Metres from an edge's start to the first vertex of a segment (a global vertex index), computed once per segment.
  const segmentStart = new Map<number, number>();
  const startOf = (edge: number, vertex: number): number => {
    let offset = segmentStart.get(vertex);
    if (offset === undefined) {
      offset = offsetOfVertex(graph, edge, vertex);
      segmentStart.set(vertex, offset);
    }
    return offset;
  };
  for (let i = 0; i + 1 < coordinates.length; i++) {
    const [ax, ay] = coordinates[i];
    const [bx, by] = coordinates[i + 1];
    const length = haversine(ax, ay, bx, by);
    if (length === 0) continue;
    const kx = Math.cos((ay * Math.PI) / 180);
    const ux = ((bx - ax) * kx) / Math.hypot((bx - ax) * kx, by - ay);
    const uy = (by - ay) / Math.hypot((bx - ax) * kx, by - ay);
    const samples = Math.max(1, Math.ceil(length / STEP));
    for (let k = 0; k < samples; k++) {
      const f = (k + 0.5) / samples;
      const px = ax + (bx - ax) * f;
      const py = ay + (by - ay) * f;
      const { dLat, dLng } = degreeSpan(py, tolerance);
      const candidates: { edge: number; vertex: number; t: number; distance: number; length: number }[] = [];
      let bestDistance = Infinity;
      forEachSegmentIn(graph, px - dLng, py - dLat, px + dLng, py + dLat, (edge, v, sax, say, sbx, sby) => {
        const sx = (sbx - sax) * kx;
        const sy = sby - say;
        const sl = Math.hypot(sx, sy);
        if (sl === 0 || Math.abs((sx * ux + sy * uy) / sl) < 0.85) return;
        const p = projectOntoSegment(px, py, sax, say, sbx, sby);
        if (p.t <= 0 || p.t >= 1 || p.distance > tolerance) return;
        candidates.push({ edge, vertex: v, t: p.t, distance: p.distance, length: haversine(sax, say, sbx, sby) });
        if (p.distance < bestDistance) bestDistance = p.distance;
      });
      // Only exact ties: duplicate pieces with the same shape must all be matched.
      for (const { edge, vertex: v, t, distance, length: segmentLength } of candidates) {
        if (distance > bestDistance + 0.05) continue;
        const offset = startOf(edge, v) + t * segmentLength;
        const list = hits.get(edge);
        if (list) list.push(offset);
        else hits.set(edge, [offset]);
      }
    }
  }
  const found = new Map<number, number[]>();
  for (const [edge, offsets] of hits) {
    if (offsets.length >= 2 || graph.edgeLength[edge] < 2 * STEP) found.set(edge, offsets.sort((a, b) => a - b));
  }
  return found;
}
