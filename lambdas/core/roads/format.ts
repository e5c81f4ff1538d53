import Flatbush from 'flatbush';
import { ROAD_GRAPH_VERSION, type RoadGraph, type RoadGraphMeta } from './graph';

// Layout: 8-byte magic, uint32 header length, JSON header, then each array at an 8-byte aligned
// offset. Loading makes typed-array views straight onto the file's bytes, so a load is one read
// plus a JSON.parse of the small header.
const MAGIC = 'ROADGRF1';

const ARRAY_TYPES = {
  Float64Array,
  Float32Array,
  Uint32Array,
  Int32Array,
  Uint8Array,
} as const;
type ArrayTypeName = keyof typeof ARRAY_TYPES;
type StoredArray = Float64Array | Float32Array | Uint32Array | Int32Array | Uint8Array;

const ARRAY_FIELDS = [
  'nodeLng',
  'nodeLat',
  'nodeComponent',
  'edgeFrom',
  'edgeTo',
  'edgeLength',
  'edgeDuration',
  'edgeRoad',
  'edgeOneway',
  'edgeSurface',
  'edgeGeomStart',
  'geom',
  'arcStart',
  'arcTarget',
  'arcEdge',
  'arcDuration',
  'arcLength',
  'roadName',
  'roadRef',
  'roadClass',
  'landmarkNode',
  'landmarkFrom',
  'landmarkTo',
  'segEdge',
  'segVertex',
] as const satisfies readonly (keyof RoadGraph)[];

interface Header {
  version: number;
  meta: RoadGraphMeta;
  nodeCount: number;
  edgeCount: number;
  landmarkCount: number;
  strings: string[];
  arrays: Record<string, { type: ArrayTypeName; offset: number; length: number }>;
  segIndex: { offset: number; length: number };
}

const align8 = (n: number) => (n + 7) & ~7;

export function serializeRoadGraph(graph: RoadGraph): Buffer {
  const arrays: Header['arrays'] = {};
  const chunks: { offset: number; bytes: Uint8Array }[] = [];
  let cursor = 0;
  const place = (bytes: Uint8Array) => {
    const offset = cursor;
    chunks.push({ offset, bytes });
    cursor = align8(cursor + bytes.byteLength);
    return offset;
  };
  for (const field of ARRAY_FIELDS) {
    if (field === 'landmarkTo' && graph.meta.symmetric) continue;
    const array = graph[field] as StoredArray;
    const offset = place(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
    arrays[field] = { type: array.constructor.name as ArrayTypeName, offset, length: array.length };
  }
  // A loaded index is a view into a larger file buffer, so its extent ends with its last section.
  const index = graph.segIndex;
  const indexEnd = index._indices.byteOffset + index._indices.byteLength;
  const indexBytes = new Uint8Array(index.data as ArrayBuffer, index.byteOffset, indexEnd - index.byteOffset);
  const segIndex = { offset: place(indexBytes), length: indexBytes.byteLength };

  const header: Header = {
    version: ROAD_GRAPH_VERSION,
    meta: graph.meta,
    nodeCount: graph.nodeCount,
    edgeCount: graph.edgeCount,
    landmarkCount: graph.landmarkCount,
    strings: graph.strings,
    arrays,
    segIndex,
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

/** Reads a graph written by serializeRoadGraph; views share the given bytes (no copy when aligned). */
export function deserializeRoadGraph(input: Uint8Array): RoadGraph {
  try {
    return readGraph(input);
  } catch (error) {
    if (error instanceof GraphFormatError) throw error;
    // A truncated or corrupt file: report it as a format problem so the loader rebuilds it.
    throw new GraphFormatError(`unreadable road graph: ${(error as Error).message}`);
  }
}

function readGraph(input: Uint8Array): RoadGraph {
  if (input.byteLength < MAGIC.length + 4 || Buffer.from(input.buffer, input.byteOffset, MAGIC.length).toString('latin1') !== MAGIC) {
    throw new GraphFormatError('not a road graph file');
  }
  const bytes = input.byteOffset % 8 === 0 ? input : new Uint8Array(input);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = view.getUint32(MAGIC.length, true);
  const headerText = Buffer.from(bytes.buffer, bytes.byteOffset + MAGIC.length + 4, headerLength).toString('utf8');
  const header = JSON.parse(headerText) as Header;
  if (header.version !== ROAD_GRAPH_VERSION) {
    throw new GraphFormatError(`road graph version ${header.version}, expected ${ROAD_GRAPH_VERSION}`);
  }
  const base = bytes.byteOffset + align8(MAGIC.length + 4 + headerLength);
  const arrays: Record<string, StoredArray> = {};
  for (const [name, { type, offset, length }] of Object.entries(header.arrays)) {
    const Type = ARRAY_TYPES[type];
    arrays[name] = new Type(bytes.buffer as ArrayBuffer, base + offset, length);
  }
  if (header.meta.symmetric) arrays.landmarkTo = arrays.landmarkFrom;
  return {
    meta: header.meta,
    nodeCount: header.nodeCount,
    edgeCount: header.edgeCount,
    landmarkCount: header.landmarkCount,
    strings: header.strings,
    ...(arrays as unknown as Pick<RoadGraph, (typeof ARRAY_FIELDS)[number]>),
    segIndex: Flatbush.from(bytes.buffer as ArrayBuffer, base + header.segIndex.offset),
  };
}
