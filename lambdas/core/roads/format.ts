import { buildArcs } from './build';
import { arcStartsOf } from './cch/heads';
import { rankOf, type ContractionHierarchy } from './cch/hierarchy';
import { bitCount, COORDINATE_SCALE, nextEdgeStart, ROAD_GRAPH_VERSION, type RoadGraph, type RoadGraphMeta } from './graph';
import { RankedBits, RoadNames } from './road-names';
import { StringTable } from './strings';
import { VarintWriter } from './varint';

// Layout: 8-byte magic, uint32 header length, JSON header (counts, metadata), then each section
// at an 8-byte aligned offset. Most sections are what the graph holds as they are: the nodes
// (integers of 1e-7 degrees), the edges (an edge's road, one-way flag and surface share a word), the
// roads (which string names each, as bitmaps: ./road-names.ts), the road names and refs (sorted
// and front coded, decoded when asked for: ./strings.ts), the nodes outside the largest component
// with theirs, the segment grid (varint gaps) and where each edge's shape starts (a bitmap of the
// vertices). The rest is derived in one pass each on load: each edge's shape is stored as its
// interior vertices only (its ends are its nodes), as zigzag varint deltas, and held as integers;
// the arcs (CSR adjacency, with
// each edge's duration: its length at its road's speed) come from the edges. A file is read
// section by section (deserializeRoadGraphFrom), so the varints are freed once decoded.
// docs/road-engine.md lists what each part costs.
const MAGIC = 'ROADGRF3';

const ARRAY_TYPES = {
  Float64Array,
  Float32Array,
  Uint32Array,
  Int32Array,
  Uint16Array,
  Uint8Array,
} as const;
type ArrayTypeName = keyof typeof ARRAY_TYPES;
type StoredArray = Float64Array | Float32Array | Uint32Array | Int32Array | Uint16Array | Uint8Array;

/** Sections held as they are in memory. */
const VIEW_FIELDS = [
  'edgeFrom',
  'edgeTo',
  'edgeLength',
  'edgeRoadFlags',
  'otherNode',
  'otherComponent',
  'roadClass',
  'roadSpeed',
] as const satisfies readonly (keyof RoadGraph)[];

interface Header {
  version: number;
  meta: RoadGraphMeta;
  nodeCount: number;
  edgeCount: number;
  vertexCount: number;
  /** How many strings the string table holds (its last bucket may be part full). */
  stringCount: number;
  /** Roads 0..namedRoads-1 have a name (RoadNames). */
  namedRoads: number;
  cells: { minLng: number; minLat: number; size: number; cols: number; rows: number };
  arrays: Record<string, { type: ArrayTypeName; offset: number; length: number }>;
}

const align8 = (n: number) => (n + 7) & ~7;

// A module constant, not the import, in the loops below: run from source (tsx), an imported
// binding is a getter call on every read.
const SCALE = COORDINATE_SCALE;

/**
 * Each edge's interior vertices, each as a delta from the one before (the first from the edge's
 * from node); how many an edge has is read from the vertex starts' bitmap.
 */
function encodeGeometry(graph: RoadGraph): Uint8Array {
  const out = new VarintWriter();
  const { interiorE7, nodeLngE7, nodeLatE7, edgeFrom } = graph;
  let i = 0;
  let start = 0;
  for (let e = 0; e < graph.edgeCount; e++) {
    const end = nextEdgeStart(graph.vertexEdges, start);
    const count = end - start - 2;
    start = end;
    let x = nodeLngE7[edgeFrom[e]];
    let y = nodeLatE7[edgeFrom[e]];
    for (let k = 0; k < count; k++, i += 2) {
      out.signed(interiorE7[i] - x);
      out.signed(interiorE7[i + 1] - y);
      x = interiorE7[i];
      y = interiorE7[i + 1];
    }
  }
  return out.bytes();
}

export function serializeRoadGraph(graph: RoadGraph): Buffer {
  const arrays: Header['arrays'] = {};
  const chunks: { offset: number; bytes: Uint8Array }[] = [];
  let cursor = 0;
  const place = (name: string, array: StoredArray) => {
    chunks.push({ offset: cursor, bytes: new Uint8Array(array.buffer, array.byteOffset, array.byteLength) });
    arrays[name] = { type: array.constructor.name as ArrayTypeName, offset: cursor, length: array.length };
    cursor = align8(cursor + array.byteLength);
  };
  place('nodeLng', graph.nodeLngE7);
  place('nodeLat', graph.nodeLatE7);
  for (const field of VIEW_FIELDS) place(field, graph[field]);
  place('geometry', encodeGeometry(graph));
  place('roadNameStarts', graph.roadNames.nameStarts.bits);
  place('roadRefBits', graph.roadNames.hasRef.bits);
  place('roadRefs', graph.roadNames.refs);
  place('stringBytes', graph.strings.bytes);
  place('stringBuckets', graph.strings.bucketStart);
  place('vertexStartBits', graph.vertexEdges.startBits);
  place('vertexStartsBefore', graph.vertexEdges.startsBefore);
  place('vertexEdgeWord', graph.vertexEdges.edgeWord);
  place('cellListingBits', graph.cells.listingBits);
  place('cellListingBefore', graph.cells.listingBefore);
  place('cellListStart', graph.cells.listStart);
  place('cellSegmentBytes', graph.cells.segmentBytes);
  // The contraction hierarchy, customized: its rank is derived from the order on load, its heads
  // are runs of consecutive ranks (cch/heads.ts) and each rank's first arc is counted off them on
  // load (a uint32 a node less in the file), and of the weights down each arc only those
  // differing from the weight up it are stored (most roads are two-way, so most arcs weigh the
  // same both ways), as the hierarchy holds them.
  if (graph.cch) {
    const { order, headStart, headBytes, up, downArc, downWeight } = graph.cch;
    place('cchOrder', order);
    place('cchHeadStart', headStart);
    place('cchHeadBytes', headBytes);
    place('cchUp', up);
    place('cchDownArc', downArc);
    place('cchDownWeight', downWeight);
  }

  const { minLng, minLat, size, cols, rows } = graph.cells;
  const header: Header = {
    version: ROAD_GRAPH_VERSION,
    meta: graph.meta,
    nodeCount: graph.nodeCount,
    edgeCount: graph.edgeCount,
    vertexCount: vertexCountOf(graph),
    stringCount: graph.strings.size,
    namedRoads: graph.roadNames.namedRoads,
    cells: { minLng, minLat, size, cols, rows },
    arrays,
  };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const dataStart = align8(MAGIC.length + 4 + headerBytes.length);
  const out = Buffer.alloc(dataStart + cursor);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(headerBytes.length, MAGIC.length);
  headerBytes.copy(out, MAGIC.length + 4);
  for (const { offset, bytes } of chunks) out.set(bytes, dataStart + offset);
  return out;
}

export class GraphFormatError extends Error {}

/**
 * Bytes [position, position + byteLength) of a graph file, 8-byte aligned; throws a
 * GraphFormatError past the end.
 */
export type GraphBytes = (position: number, byteLength: number) => Uint8Array;

/** Reads a graph written by serializeRoadGraph; most arrays are views on the given bytes. */
export function deserializeRoadGraph(input: Uint8Array): RoadGraph {
  const bytes = input.byteOffset % 8 === 0 ? input : new Uint8Array(input);
  return deserializeRoadGraphFrom((position, byteLength) => {
    if (position + byteLength > bytes.byteLength) throw new GraphFormatError('truncated road graph');
    return bytes.subarray(position, position + byteLength);
  });
}

/**
 * Reads a graph section by section: from a file (./load.ts), each section is read into memory of
 * its own, so the sections needed only while loading (the varint geometry, once decoded) are
 * freed after it, where one buffer of the whole file kept them.
 */
export function deserializeRoadGraphFrom(read: GraphBytes): RoadGraph {
  try {
    return readGraph(read);
  } catch (error) {
    if (error instanceof GraphFormatError) throw error;
    // A truncated or corrupt file: report it as a format problem so the loader rebuilds it.
    throw new GraphFormatError(`unreadable road graph: ${(error as Error).message}`);
  }
}

function readGraph(read: GraphBytes): RoadGraph {
  const prefix = read(0, MAGIC.length + 4);
  if (Buffer.from(prefix.buffer, prefix.byteOffset, MAGIC.length).toString('latin1') !== MAGIC) {
    throw new GraphFormatError('not a road graph file (or an older format)');
  }
  const headerLength = new DataView(prefix.buffer, prefix.byteOffset, prefix.byteLength).getUint32(MAGIC.length, true);
  const headerBytes = read(MAGIC.length + 4, headerLength);
  const header = JSON.parse(Buffer.from(headerBytes.buffer, headerBytes.byteOffset, headerLength).toString('utf8')) as Header;
  if (header.version !== ROAD_GRAPH_VERSION) {
    throw new GraphFormatError(`road graph version ${header.version}, expected ${ROAD_GRAPH_VERSION}`);
  }
  const base = align8(MAGIC.length + 4 + headerLength);
  const arrays: Record<string, StoredArray> = {};
  for (const [name, { type, offset, length }] of Object.entries(header.arrays)) {
    const Type = ARRAY_TYPES[type];
    const section = read(base + offset, length * Type.BYTES_PER_ELEMENT);
    arrays[name] = new Type(section.buffer as ArrayBuffer, section.byteOffset, length);
  }
  const stored = arrays as unknown as Pick<RoadGraph, (typeof VIEW_FIELDS)[number]> & {
    nodeLng: Int32Array;
    nodeLat: Int32Array;
    geometry: Uint8Array;
    vertexStartBits: Uint32Array;
    vertexStartsBefore: Uint32Array;
    vertexEdgeWord: Uint32Array;
    cellListingBits: Uint32Array;
    cellListingBefore: Uint32Array;
    cellListStart: Uint32Array;
    cellSegmentBytes: Uint8Array;
    cchOrder?: Uint32Array;
    cchHeadStart: Uint32Array;
    cchHeadBytes: Uint8Array;
    cchUp: Float32Array;
    cchDownArc: Uint32Array;
    cchDownWeight: Float32Array;
    stringBytes: Uint8Array;
    stringBuckets: Uint32Array;
    roadNameStarts: Uint32Array;
    roadRefBits: Uint32Array;
    roadRefs: Uint32Array;
  };
  const { nodeCount, edgeCount } = header;
  // The loops read locals: `stored` is built key by key, so reading its properties is slow.
  const vertexEdges = { startBits: stored.vertexStartBits, startsBefore: stored.vertexStartsBefore, edgeWord: stored.vertexEdgeWord };
  const interiorE7 = decodeGeometry(stored, vertexEdges, header.vertexCount, edgeCount);
  return {
    meta: header.meta,
    nodeCount,
    edgeCount,
    nodeLngE7: stored.nodeLng,
    nodeLatE7: stored.nodeLat,
    otherNode: stored.otherNode,
    otherComponent: stored.otherComponent,
    edgeFrom: stored.edgeFrom,
    edgeTo: stored.edgeTo,
    edgeLength: stored.edgeLength,
    edgeRoadFlags: stored.edgeRoadFlags,
    interiorE7,
    vertexEdges,
    ...buildArcs(nodeCount, stored),
    roadNames: new RoadNames(new RankedBits(stored.roadNameStarts), header.namedRoads, new RankedBits(stored.roadRefBits), stored.roadRefs),
    roadClass: stored.roadClass,
    roadSpeed: stored.roadSpeed,
    strings: new StringTable(stored.stringBytes, stored.stringBuckets, header.stringCount),
    cells: {
      ...header.cells,
      listingBits: stored.cellListingBits,
      listingBefore: stored.cellListingBefore,
      listStart: stored.cellListStart,
      segmentBytes: stored.cellSegmentBytes,
    },
    cch: stored.cchOrder ? readHierarchy(stored as Required<typeof stored>) : null,
  };
}

function readHierarchy(stored: {
  cchOrder: Uint32Array;
  cchHeadStart: Uint32Array;
  cchHeadBytes: Uint8Array;
  cchUp: Float32Array;
  cchDownArc: Uint32Array;
  cchDownWeight: Float32Array;
}): ContractionHierarchy {
  // Views only (the heads stay runs, the weights down sparse, as stored); the rank is the
  // order's inverse, and each rank's first arc is counted off its runs, which checks them.
  const upStart = arcStartsOf(stored.cchHeadStart, stored.cchHeadBytes);
  if (!upStart || upStart.length !== stored.cchOrder.length + 1 || stored.cchUp.length !== upStart[stored.cchOrder.length]) {
    throw new GraphFormatError('road graph contraction hierarchy does not match its header');
  }
  return {
    order: stored.cchOrder,
    rank: rankOf(stored.cchOrder),
    upStart,
    headStart: stored.cchHeadStart,
    headBytes: stored.cchHeadBytes,
    up: stored.cchUp,
    downArc: stored.cchDownArc,
    downWeight: stored.cchDownWeight,
  };
}

/** The global vertex count: where the bitmap's last bit, the end of the last edge, is. */
function vertexCountOf(graph: RoadGraph): number {
  const { startBits } = graph.vertexEdges;
  let w = startBits.length - 1;
  while (w > 0 && startBits[w] === 0) w--;
  return w * 32 + 31 - Math.clz32(startBits[w]);
}

/**
 * Every edge's interior vertices as integers, from the varint stream, each edge's count read off
 * the stored vertex starts (checked against the header first, as a corrupt bitmap would send the
 * reads astray).
 */
function decodeGeometry(
  stored: { nodeLng: Int32Array; nodeLat: Int32Array; edgeFrom: Uint32Array; geometry: Uint8Array },
  vertexEdges: RoadGraph['vertexEdges'],
  vertexCount: number,
  edgeCount: number,
): Int32Array {
  const { startBits, startsBefore, edgeWord } = vertexEdges;
  const words = startBits.length;
  if (
    words !== (vertexCount >>> 5) + 1 ||
    startsBefore.length !== words ||
    edgeWord.length !== (edgeCount >>> 5) + 1 ||
    startsBefore[words - 1] + bitCount(startBits[words - 1]) !== edgeCount + 1 ||
    (startBits[0] & 1) === 0 ||
    ((startBits[vertexCount >>> 5] >>> (vertexCount & 31)) & 1) === 0
  ) {
    throw new GraphFormatError('road graph vertex starts do not match its header');
  }
  const interiorCount = vertexCount - 2 * edgeCount;
  if (interiorCount < 0) throw new GraphFormatError('road graph geometry does not match its header');
  const interiorE7 = new Int32Array(interiorCount * 2);
  const { nodeLng, nodeLat, edgeFrom, geometry: bytes } = stored;
  // Varints are decoded inline (this loop is most of a load); a delta never exceeds 32 bits.
  let at = 0;
  let i = 0;
  let byte = 0;
  let start = 0;
  for (let e = 0; e < edgeCount; e++) {
    const end = nextEdgeStart(vertexEdges, start);
    const interior = end - start - 2;
    start = end;
    if (interior < 0 || i + 2 * interior > interiorE7.length) throw new GraphFormatError('road graph geometry does not match its header');
    let x = nodeLng[edgeFrom[e]];
    let y = nodeLat[edgeFrom[e]];
    for (let k = 0; k < interior; k++) {
      let dx = 0;
      for (let shift = 0; ; shift += 7) {
        byte = bytes[at++];
        dx |= (byte & 0x7f) << shift;
        if (byte < 0x80) break;
      }
      let dy = 0;
      for (let shift = 0; ; shift += 7) {
        byte = bytes[at++];
        dy |= (byte & 0x7f) << shift;
        if (byte < 0x80) break;
      }
      x += (dx >>> 1) ^ -(dx & 1);
      y += (dy >>> 1) ^ -(dy & 1);
      interiorE7[i++] = x;
      interiorE7[i++] = y;
    }
  }
  if (start !== vertexCount || i !== interiorE7.length || at !== bytes.length) throw new GraphFormatError('road graph geometry does not match its header');
  return interiorE7;
}
