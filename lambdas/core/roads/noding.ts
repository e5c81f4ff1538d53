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
  /**
   * Piece p is the vertices pieceVertices[pieceStart[p]..pieceStart[p+1]-1] of line pieceLine[p];
   * the first and last are junction nodes, the rest are shape points. Flat typed arrays, so the
   * build makes no array a piece (nor a key string a vertex: lineVerticesOf).
   */
  pieceLine: Uint32Array;
  pieceStart: Uint32Array;
  pieceVertices: Uint32Array;
  stats: { vertices: number; endsJoinedToVertex: number; endsInsertedIntoLines: number };
}

export interface NodingOptions {
  /** Metres within which a line end joins another line (default 1). */
  snapTolerance?: number;
}

/** A vertex's key is its coordinates rounded to 1e-7 degrees (about a centimetre). */
const KEY_SCALE = 1e7;

/** The road lines' vertices, each distinct (rounded) position once; a line's vertices as a run of ids. */
interface LineVertices {
  /** Vertex coordinates, lng/lat interleaved (the first 2 * vertexCount). */
  coords: Float64Array;
  vertexCount: number;
  /** Line l's vertices are vertices[lineStart[l]..lineStart[l+1]-1], consecutive repeats dropped. */
  lineStart: Uint32Array;
  vertices: Uint32Array;
}

export function nodeNetwork(lines: readonly RoadLine[], options: NodingOptions = {}): NodedNetwork {
  const tolerance = options.snapTolerance ?? 1;
  const network = lineVerticesOf(lines);
  const { vertexCount, lineStart, vertices } = network;

  const parent = new Int32Array(vertexCount);
  for (let v = 0; v < vertexCount; v++) parent[v] = v;
  const find = (v: number): number => {
    while (parent[v] !== v) {
      parent[v] = parent[parent[v]];
      v = parent[v];
    }
    return v;
  };

  const insertions = findEndSnaps(network, tolerance, (end, target) => {
    const a = find(end);
    const b = find(target);
    if (a !== b) parent[a] = b;
  });

  // Each line again with its vertices joined and the ends inserted into its segments (a vertex
  // the same as the one before it is left out).
  let inserted = 0;
  for (const byPos of insertions.values()) for (const list of byPos.values()) inserted += list.length;
  const finalStart = new Uint32Array(lines.length + 1);
  const final = new Uint32Array(vertices.length + inserted);
  let out = 0;
  for (let line = 0; line < lines.length; line++) {
    const extra = insertions.get(line);
    const begin = out;
    for (let i = lineStart[line], k = 0; i < lineStart[line + 1]; i++, k++) {
      const v = find(vertices[i]);
      if (out === begin || final[out - 1] !== v) final[out++] = v;
      const onSegment = extra?.get(k);
      if (!onSegment) continue;
      onSegment.sort((p, q) => p.t - q.t);
      for (const { vertex } of onSegment) {
        const w = find(vertex);
        if (final[out - 1] !== w) final[out++] = w;
      }
    }
    finalStart[line + 1] = out;
  }

  const useCount = new Uint16Array(vertexCount);
  const isNode = new Uint8Array(vertexCount);
  let pieceCount = 0;
  for (let line = 0; line < lines.length; line++) {
    const from = finalStart[line];
    const to = finalStart[line + 1];
    if (to - from < 2) continue;
    for (let i = from; i < to; i++) if (useCount[final[i]] < 65535) useCount[final[i]]++;
    isNode[final[from]] = 1;
    isNode[final[to - 1]] = 1;
  }
  for (let v = 0; v < vertexCount; v++) if (useCount[v] > 1) isNode[v] = 1;
  for (let line = 0; line < lines.length; line++) {
    if (finalStart[line + 1] - finalStart[line] < 2) continue;
    for (let i = finalStart[line] + 1; i < finalStart[line + 1]; i++) if (isNode[final[i]]) pieceCount++;
  }

  // Pieces: each line cut at its nodes (a node ends one piece and starts the next).
  const pieceLine = new Uint32Array(pieceCount);
  const pieceStart = new Uint32Array(pieceCount + 1);
  const pieceVertices = new Uint32Array(out + pieceCount);
  let piece = 0;
  let slot = 0;
  for (let line = 0; line < lines.length; line++) {
    const from = finalStart[line];
    const to = finalStart[line + 1];
    if (to - from < 2) continue;
    let start = from;
    for (let i = from + 1; i < to; i++) {
      if (!isNode[final[i]]) continue;
      pieceLine[piece] = line;
      pieceStart[piece] = slot;
      for (let j = start; j <= i; j++) pieceVertices[slot++] = final[j];
      piece++;
      start = i;
    }
  }
  pieceStart[pieceCount] = slot;

  let joined = 0;
  for (let v = 0; v < vertexCount; v++) if (parent[v] !== v) joined++;
  return {
    coords: network.coords.subarray(0, 2 * vertexCount),
    pieceLine,
    pieceStart,
    pieceVertices: pieceVertices.subarray(0, slot),
    stats: { vertices: vertexCount, endsJoinedToVertex: joined, endsInsertedIntoLines: inserted },
  };
}

/**
 * Numbers the lines' distinct positions in the order first met, in an open-addressing hash table
 * of vertex ids on the two rounded coordinates (typed arrays: no key string or map entry a vertex).
 */
function lineVerticesOf(lines: readonly RoadLine[]): LineVertices {
  let total = 0;
  for (let l = 0; l < lines.length; l++) total += lines[l].coordinates.length;
  let capacity = 16;
  while (capacity < 2 * total) capacity *= 2;
  const mask = capacity - 1;
  /** A slot's vertex id plus one; 0 is empty. */
  const slotVertex = new Int32Array(capacity);
  const keyX = new Float64Array(total);
  const keyY = new Float64Array(total);
  const coords = new Float64Array(2 * total);
  let vertexCount = 0;

  const lineStart = new Uint32Array(lines.length + 1);
  const vertices = new Uint32Array(total);
  let out = 0;
  for (let l = 0; l < lines.length; l++) {
    const begin = out;
    const coordinates = lines[l].coordinates;
    for (let k = 0; k < coordinates.length; k++) {
      const lng = coordinates[k][0];
      const lat = coordinates[k][1];
      const kx = Math.round(lng * KEY_SCALE);
      const ky = Math.round(lat * KEY_SCALE);
      // The hash takes the keys' low 32 bits; equality compares them whole.
      let slot = (Math.imul(kx | 0, 0x9e3779b1) ^ Math.imul((ky | 0) ^ ((ky | 0) >>> 15), 0x85ebca6b)) & mask;
      let id = -1;
      for (;;) {
        const found = slotVertex[slot] - 1;
        if (found < 0) break;
        if (keyX[found] === kx && keyY[found] === ky) {
          id = found;
          break;
        }
        slot = (slot + 1) & mask;
      }
      if (id < 0) {
        id = vertexCount++;
        slotVertex[slot] = id + 1;
        keyX[id] = kx;
        keyY[id] = ky;
        coords[2 * id] = lng;
        coords[2 * id + 1] = lat;
      }
      if (out === begin || vertices[out - 1] !== id) vertices[out++] = id;
    }
    lineStart[l + 1] = out;
  }
  return { coords, vertexCount, lineStart, vertices: vertices.subarray(0, out) };
}

type Insertions = Map<number, Map<number, { t: number; vertex: number }[]>>;

/**
 * For every line end near another line: joins it to a vertex within tolerance (via `join`), or
 * returns where to insert it into the other line's segment (by line, then by segment).
 */
function findEndSnaps(network: LineVertices, tolerance: number, join: (end: number, target: number) => void): Insertions {
  const { coords, vertexCount, lineStart, vertices } = network;
  const lineCount = lineStart.length - 1;
  let segmentCount = 0;
  for (let line = 0; line < lineCount; line++) segmentCount += Math.max(0, lineStart[line + 1] - lineStart[line] - 1);
  const insertions: Insertions = new Map();
  if (segmentCount === 0) return insertions;

  const segLine = new Uint32Array(segmentCount);
  const segPos = new Uint32Array(segmentCount);
  const index = new Flatbush(segmentCount);
  let s = 0;
  for (let line = 0; line < lineCount; line++) {
    for (let i = lineStart[line]; i + 1 < lineStart[line + 1]; i++, s++) {
      const ax = coords[2 * vertices[i]];
      const ay = coords[2 * vertices[i] + 1];
      const bx = coords[2 * vertices[i + 1]];
      const by = coords[2 * vertices[i + 1] + 1];
      index.add(Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by));
      segLine[s] = line;
      segPos[s] = i - lineStart[line];
    }
  }
  index.finish();

  // The ends of the lines of two or more vertices, each once, in the order first met.
  const isEnd = new Uint8Array(vertexCount);
  const ends: number[] = [];
  const addEnd = (v: number) => {
    if (isEnd[v]) return;
    isEnd[v] = 1;
    ends.push(v);
  };
  for (let line = 0; line < lineCount; line++) {
    if (lineStart[line + 1] - lineStart[line] < 2) continue;
    addEnd(vertices[lineStart[line]]);
    addEnd(vertices[lineStart[line + 1] - 1]);
  }

  // Keep only the closest insertion of an end into each line, so a line bending near an end does
  // not get the end inserted twice (which would make a tiny loop). Keyed by line and end.
  const best = new Map<number, { line: number; pos: number; t: number; vertex: number; distance: number }>();
  for (const end of ends) {
    const px = coords[2 * end];
    const py = coords[2 * end + 1];
    const { dLat, dLng } = degreeSpan(py, tolerance);
    const near = index.search(px - dLng, py - dLat, px + dLng, py + dLat);
    for (let n = 0; n < near.length; n++) {
      const seg = near[n];
      const line = segLine[seg];
      const pos = segPos[seg];
      const a = vertices[lineStart[line] + pos];
      const b = vertices[lineStart[line] + pos + 1];
      if (a === end || b === end) continue;
      const projection = projectOntoSegment(px, py, coords[2 * a], coords[2 * a + 1], coords[2 * b], coords[2 * b + 1]);
      if (projection.distance > tolerance) continue;
      const toA = haversine(px, py, coords[2 * a], coords[2 * a + 1]);
      const toB = haversine(px, py, coords[2 * b], coords[2 * b + 1]);
      if (toA <= tolerance || toB <= tolerance) {
        join(end, toA <= toB ? a : b);
        continue;
      }
      const key = line * vertexCount + end;
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
