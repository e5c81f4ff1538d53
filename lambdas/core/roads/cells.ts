// The spatial index of the road network: a uniform grid naming the road segments in each cell,
// stored in the graph file as it is used, as varint gaps (see EdgeCells in ./graph.ts). It answers the box
// queries of snapping, the nearest road and matching a closure's line onto the roads.
import { bitCount, COORDINATE_SCALE, type EdgeCells, type RoadGraph } from './graph';
import { VarintWriter } from './varint';


/** Segments per cell over the whole network's box (cells in towns list more, most rural ones none). */
const SEGMENTS_PER_CELL = 4;

/**
 * About one cell per four segments, so a query box meets few segments it cannot use. Built from
 * the builder's full shapes (`geom`, lng/lat interleaved in degrees, every vertex of every edge).
 */
export function buildEdgeCells(edgeCount: number, edgeGeomStart: Uint32Array, geom: Float64Array, segmentsPerCell = SEGMENTS_PER_CELL): EdgeCells {
  const vertexCount = edgeGeomStart[edgeCount] ?? 0;
  let minLng = Infinity;
  let minLat = Infinity;
  let maxLng = -Infinity;
  let maxLat = -Infinity;
  for (let v = 0; v < vertexCount; v++) {
    const x = geom[2 * v];
    const y = geom[2 * v + 1];
    if (x < minLng) minLng = x;
    if (x > maxLng) maxLng = x;
    if (y < minLat) minLat = y;
    if (y > maxLat) maxLat = y;
  }
  if (vertexCount === 0) minLng = minLat = maxLng = maxLat = 0;
  const width = Math.max(maxLng - minLng, 1e-6);
  const height = Math.max(maxLat - minLat, 1e-6);
  const wanted = Math.max(1, Math.ceil((vertexCount - edgeCount) / segmentsPerCell));
  let size = Math.max(Math.sqrt((width * height) / wanted), 1e-4);
  let cols = Math.floor(width / size) + 1;
  let rows = Math.floor(height / size) + 1;
  // A long thin network: widen the cells until the grid is no bigger than wanted (plus a row).
  while (cols * rows > 2 * wanted + 16) {
    size *= 1.5;
    cols = Math.floor(width / size) + 1;
    rows = Math.floor(height / size) + 1;
  }
  const box = { minLng, minLat, size, cols, rows };
  // Each segment (named by its first vertex) goes into every cell its bounding box meets, edge by
  // edge, so each cell's list comes out ascending.
  const visitCells = (add: (cell: number, vertex: number) => void) => {
    for (let e = 0; e < edgeCount; e++) {
      for (let v = edgeGeomStart[e]; v + 1 < edgeGeomStart[e + 1]; v++) {
        // Indexed, not destructured: the build runs this loop once, mostly before it is optimized,
        // and a destructuring there goes through the array iterator every segment.
        const range = cellRange(box, geom[2 * v], geom[2 * v + 1], geom[2 * v + 2], geom[2 * v + 3]);
        for (let r = range[2]; r <= range[3]; r++) for (let c = range[0]; c <= range[1]; c++) add(r * cols + c, v);
      }
    }
  };
  const cellCount = cols * rows;
  const start = new Uint32Array(cellCount + 1);
  visitCells((cell) => start[cell + 1]++);
  for (let c = 0; c < cellCount; c++) start[c + 1] += start[c];
  const fill = start.slice(0, cellCount);
  const segments = new Uint32Array(start[cellCount]);
  visitCells((cell, vertex) => {
    segments[fill[cell]++] = vertex;
  });
  return encodeCells(box, start, segments);
}

/** The grid's lists (cell c's ascending in segments[start[c]..start[c+1]-1]) as stored. */
export function encodeCells(box: Omit<EdgeCells, 'listingBits' | 'listingBefore' | 'listStart' | 'segmentBytes'>, start: Uint32Array, segments: Uint32Array): EdgeCells {
  const cellCount = box.cols * box.rows;
  const words = (cellCount >>> 5) + 1;
  const listingBits = new Uint32Array(words);
  const listingBefore = new Uint32Array(words);
  let listing = 0;
  for (let c = 0; c < cellCount; c++) {
    if ((c & 31) === 0) listingBefore[c >>> 5] = listing;
    if (start[c + 1] > start[c]) {
      listingBits[c >>> 5] |= 1 << (c & 31);
      listing++;
    }
  }
  if ((cellCount & 31) === 0) listingBefore[cellCount >>> 5] = listing;
  const listStart = new Uint32Array(listing + 1);
  const out = new VarintWriter();
  let i = 0;
  for (let c = 0; c < cellCount; c++) {
    if (start[c + 1] === start[c]) continue;
    listStart[i++] = out.length;
    // The first from 0, then the gap from the one before.
    let previous = 0;
    for (let k = start[c]; k < start[c + 1]; k++) {
      const gap = segments[k] - previous;
      if (gap < 0) throw new Error('cell segments must be ascending');
      previous = segments[k];
      out.unsigned(gap);
    }
  }
  listStart[listing] = out.length;
  return { ...box, listingBits, listingBefore, listStart, segmentBytes: out.bytes() };
}

// At module level, not made anew on each query (from source, tsx also names each one it makes).
const clamp = (value: number, max: number) => (value < 0 ? 0 : value > max ? max : value);

/** Columns c0..c1 and rows r0..r1 of the cells a box overlaps, clamped to the grid. */
function cellRange(cells: Pick<EdgeCells, 'minLng' | 'minLat' | 'size' | 'cols' | 'rows'>, ax: number, ay: number, bx: number, by: number): [number, number, number, number] {
  const c0 = clamp(Math.floor((Math.min(ax, bx) - cells.minLng) / cells.size), cells.cols - 1);
  const c1 = clamp(Math.floor((Math.max(ax, bx) - cells.minLng) / cells.size), cells.cols - 1);
  const r0 = clamp(Math.floor((Math.min(ay, by) - cells.minLat) / cells.size), cells.rows - 1);
  const r1 = clamp(Math.floor((Math.max(ay, by) - cells.minLat) / cells.size), cells.rows - 1);
  return [c0, c1, r0, r1];
}

// A module constant: run from source (tsx), an imported binding is a getter call on every read.
const SCALE = COORDINATE_SCALE;

/**
 * Calls `visit(edge, vertex, ax, ay, bx, by)` once for every geometry segment (from global vertex
 * `vertex` to the next, ax/ay to bx/by in degrees) whose bounding box meets the box minX..maxX,
 * minY..maxY.
 */
export function forEachSegmentIn(
  graph: RoadGraph,
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
  visit: (edge: number, vertex: number, ax: number, ay: number, bx: number, by: number) => void,
): void {
  const { cells, interiorE7: interior, nodeLngE7, nodeLatE7, edgeFrom, edgeTo } = graph;
  const { startBits, startsBefore } = graph.vertexEdges;
  const { listingBits, listingBefore, listStart, segmentBytes } = cells;
  const [c0, c1, r0, r1] = cellRange(cells, minX, minY, maxX, maxY);
  const single = c0 === c1 && r0 === r1;
  // The box in the stored units, so segments outside it are passed over without conversion.
  const minXE7 = minX * SCALE;
  const minYE7 = minY * SCALE;
  const maxXE7 = maxX * SCALE;
  const maxYE7 = maxY * SCALE;
  for (let r = r0; r <= r1; r++) {
    for (let c = c0; c <= c1; c++) {
      const cell = r * cells.cols + c;
      const cellWord = listingBits[cell >>> 5];
      if (((cellWord >>> (cell & 31)) & 1) === 0) continue;
      // The listing cells before this one: those before its word, and its word's bits below it.
      const listing = listingBefore[cell >>> 5] + bitCount(cellWord & ((1 << (cell & 31)) - 1));
      const end = listStart[listing + 1];
      let v = 0;
      for (let at = listStart[listing]; at < end; ) {
        // The next varint gap (the first from 0), inline.
        let byte = segmentBytes[at++];
        let gap = byte & 0x7f;
        for (let scale = 0x80; byte >= 0x80; scale *= 0x80) {
          byte = segmentBytes[at++];
          gap += (byte & 0x7f) * scale;
        }
        v += gap;
        // The segment's edge (as edgeOfVertex in graph.ts), then its ends in 1e-7 degrees (as
        // vertexLng/vertexLat), inline: this loop is most of a snap's and a closure match's time.
        const word = v >>> 5;
        const startWord = startBits[word];
        let bits = startWord & ((2 << (v & 31)) - 1);
        bits -= (bits >>> 1) & 0x55555555;
        bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
        bits = (bits + (bits >>> 4)) & 0x0f0f0f0f;
        const edge = startsBefore[word] + (Math.imul(bits, 0x01010101) >>> 24) - 1;
        const k = 2 * (v - 2 * edge - 1);
        let axE7: number;
        let ayE7: number;
        let bxE7: number;
        let byE7: number;
        if ((startWord >>> (v & 31)) & 1) {
          axE7 = nodeLngE7[edgeFrom[edge]];
          ayE7 = nodeLatE7[edgeFrom[edge]];
        } else {
          axE7 = interior[k];
          ayE7 = interior[k + 1];
        }
        // The segment ends the edge when the vertex after its end starts the next (or is the count).
        const after = v + 2;
        if ((startBits[after >>> 5] >>> (after & 31)) & 1) {
          bxE7 = nodeLngE7[edgeTo[edge]];
          byE7 = nodeLatE7[edgeTo[edge]];
        } else {
          bxE7 = interior[k + 2];
          byE7 = interior[k + 3];
        }
        if ((axE7 < minXE7 && bxE7 < minXE7) || (axE7 > maxXE7 && bxE7 > maxXE7) || (ayE7 < minYE7 && byE7 < minYE7) || (ayE7 > maxYE7 && byE7 > maxYE7)) continue;
        const ax = axE7 / SCALE;
        const ay = ayE7 / SCALE;
        const bx = bxE7 / SCALE;
        const by = byE7 / SCALE;
        if (!single) {
          // A segment in several cells of the query is visited from the first of them only.
          const sc = Math.floor((Math.min(ax, bx) - cells.minLng) / cells.size);
          const sr = Math.floor((Math.min(ay, by) - cells.minLat) / cells.size);
          if (c !== (sc > c0 ? sc : c0) || r !== (sr > r0 ? sr : r0)) continue;
        }
        visit(edge, v, ax, ay, bx, by);
      }
    }
  }
}
