import Flatbush from 'flatbush';
import { degreeSpan, haversine, projectOntoSegment } from './geo';
import type { RoadLine } from './input';

/**
 * Turns road lines into a noded network: pieces that meet other pieces only at their ends.
 *
 * Lines are joined where they share a vertex and where a line END lies within `snapTolerance`
 * metres of another line (its interior gets that end inserted as a vertex). Lines that merely
 * cross are NOT joined: in OSM-derived data a crossing without a shared vertex is usually a
 * bridge or an overpass, and joining there would let routes jump between a motorway and the
 * road beneath it. The source data already adds shared vertices where roads really meet.
 */
export interface NodedNetwork {
  /** Vertex coordinates, lng/lat interleaved. */
  coords: Float64Array;
  /** Vertex ids of each piece; the first and last are junction nodes, the rest are shape points. */
  pieces: { line: number; vertices: number[] }[];
  stats: { vertices: number; endsJoinedToVertex: number; endsInsertedIntoLines: number };
}

export interface NodingOptions {
  /** Metres within which a line end joins another line (default 1). */
  snapTolerance?: number;
}

const KEY_SCALE = 1e7;

export function nodeNetwork(lines: readonly RoadLine[], options: NodingOptions = {}): NodedNetwork {
  const tolerance = options.snapTolerance ?? 1;
  const xs: number[] = [];
  const ys: number[] = [];
  const ids = new Map<string, number>();
  const vertexId = (lng: number, lat: number): number => {
    const key = `${Math.round(lng * KEY_SCALE)},${Math.round(lat * KEY_SCALE)}`;
    let id = ids.get(key);
    if (id === undefined) {
      id = xs.length;
      ids.set(key, id);
      xs.push(lng);
      ys.push(lat);
    }
    return id;
  };

  const lineVertices: number[][] = lines.map((line) => dedupeConsecutive(line.coordinates.map(([lng, lat]) => vertexId(lng, lat))));
  ids.clear();

  const parent = new Int32Array(xs.length).map((_, i) => i);
  const find = (v: number): number => {
    while (parent[v] !== v) {
      parent[v] = parent[parent[v]];
      v = parent[v];
    }
    return v;
  };

  const insertions = findEndSnaps(lineVertices, xs, ys, tolerance, (end, target) => {
    const a = find(end);
    const b = find(target);
    if (a !== b) parent[a] = b;
  });

  let inserted = 0;
  const finalLines = lineVertices.map((vertices, lineIndex) => {
    const extra = insertions.get(lineIndex);
    const out: number[] = [];
    for (let k = 0; k < vertices.length; k++) {
      out.push(find(vertices[k]));
      const onSegment = extra?.get(k);
      if (onSegment) {
        onSegment.sort((p, q) => p.t - q.t);
        for (const { vertex } of onSegment) out.push(find(vertex));
        inserted += onSegment.length;
      }
    }
    return dedupeConsecutive(out);
  });

  const useCount = new Uint16Array(xs.length);
  const isNode = new Uint8Array(xs.length);
  for (const vertices of finalLines) {
    if (vertices.length < 2) continue;
    for (const v of vertices) if (useCount[v] < 65535) useCount[v]++;
    isNode[vertices[0]] = 1;
    isNode[vertices[vertices.length - 1]] = 1;
  }
  for (let v = 0; v < xs.length; v++) if (useCount[v] > 1) isNode[v] = 1;

  const pieces: NodedNetwork['pieces'] = [];
  finalLines.forEach((vertices, line) => {
    if (vertices.length < 2) return;
    let start = 0;
    for (let k = 1; k < vertices.length; k++) {
      if (isNode[vertices[k]]) {
        pieces.push({ line, vertices: vertices.slice(start, k + 1) });
        start = k;
      }
    }
  });

  const coords = new Float64Array(xs.length * 2);
  for (let v = 0; v < xs.length; v++) {
    coords[2 * v] = xs[v];
    coords[2 * v + 1] = ys[v];
  }
  let joined = 0;
  for (let v = 0; v < xs.length; v++) if (parent[v] !== v) joined++;
  return { coords, pieces, stats: { vertices: xs.length, endsJoinedToVertex: joined, endsInsertedIntoLines: inserted } };
}

type Insertions = Map<number, Map<number, { t: number; vertex: number }[]>>;

/**
 * For every line end near another line: joins it to a vertex within tolerance (via `join`), or
 * returns where to insert it into the other line's segment.
 */
function findEndSnaps(
  lineVertices: number[][],
  xs: number[],
  ys: number[],
  tolerance: number,
  join: (end: number, target: number) => void,
): Insertions {
  let segmentCount = 0;
  for (const vertices of lineVertices) segmentCount += Math.max(0, vertices.length - 1);
  const insertions: Insertions = new Map();
  if (segmentCount === 0) return insertions;

  const segLine = new Uint32Array(segmentCount);
  const segPos = new Uint32Array(segmentCount);
  const index = new Flatbush(segmentCount);
  let s = 0;
  lineVertices.forEach((vertices, line) => {
    for (let k = 0; k + 1 < vertices.length; k++, s++) {
      const a = vertices[k];
      const b = vertices[k + 1];
      index.add(Math.min(xs[a], xs[b]), Math.min(ys[a], ys[b]), Math.max(xs[a], xs[b]), Math.max(ys[a], ys[b]));
      segLine[s] = line;
      segPos[s] = k;
    }
  });
  index.finish();

  const ends = new Set<number>();
  for (const vertices of lineVertices) {
    if (vertices.length < 2) continue;
    ends.add(vertices[0]);
    ends.add(vertices[vertices.length - 1]);
  }

  // Keep only the closest insertion of an end into each line, so a line bending near an end does
  // not get the end inserted twice (which would make a tiny loop).
  const best = new Map<string, { line: number; pos: number; t: number; vertex: number; distance: number }>();
  for (const end of ends) {
    const px = xs[end];
    const py = ys[end];
    const { dLat, dLng } = degreeSpan(py, tolerance);
    for (const seg of index.search(px - dLng, py - dLat, px + dLng, py + dLat)) {
      const line = segLine[seg];
      const pos = segPos[seg];
      const a = lineVertices[line][pos];
      const b = lineVertices[line][pos + 1];
      if (a === end || b === end) continue;
      const projection = projectOntoSegment(px, py, xs[a], ys[a], xs[b], ys[b]);
      if (projection.distance > tolerance) continue;
      const toA = haversine(px, py, xs[a], ys[a]);
      const toB = haversine(px, py, xs[b], ys[b]);
      if (toA <= tolerance || toB <= tolerance) {
        join(end, toA <= toB ? a : b);
        continue;
      }
      const key = `${line}:${end}`;
      const previous = best.get(key);
      if (!previous || projection.distance < previous.distance) {
        best.set(key, { line, pos, t: projection.t, vertex: end, distance: projection.distance });
      }
    }
  }
  for (const { line, pos, t, vertex } of best.values()) {
    let byPos = insertions.get(line);
    if (!byPos) insertions.set(line, (byPos = new Map()));
    const list = byPos.get(pos) ?? [];
    list.push({ t, vertex });
    byPos.set(pos, list);
  }
  return insertions;
}

function dedupeConsecutive(vertices: number[]): number[] {
  const out: number[] = [];
  for (const v of vertices) if (out.length === 0 || out[out.length - 1] !== v) out.push(v);
  return out;
}
